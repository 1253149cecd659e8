-- picl.lua: the module input scripts `require`, and the entry points of the C loaders.
-- Scripts see constants, picl.simulation{} and picl.bench{}; input/config.c calls `internal.run`,
-- tooling/bench_spec.c `internal.bench`, tooling/tune_db.c `internal.tuning`. The other files
-- of lua/ are modules of this one, loaded from the binary (input/luamod.c), never seen by scripts.

local M = {} -- what require("picl") gives an input script (through a read-only proxy)
local internal = {} -- what input/config.c uses; never reachable from a script

local K = require("constants")
local check = require("check")
local schema = require("schema")
local where = require("where")
local set = require("set")
local sandbox = require("sandbox")
local bench_spec = require("bench_spec")
local tuning = require("tuning")
local repr = require("text").repr
local fail, check_value = check.fail, check.check_value
local strip_comments, line_at = where.strip_comments, where.line_at

-- Physical constants (lua/constants.lua), in this order.
M.c = K.c
M.eps0 = K.eps0
M.mu0 = K.mu0
M.q_e = K.q_e
M.m_e = K.m_e
M.m_p = K.m_p
M.pi = K.pi

---------------------------------------------------------------------------------------------
-- The script's entry point, and the proxy it receives from require("picl").

local SIMULATION = {} -- private key: only picl.simulation makes a table that has it

function M.simulation(t)
    -- `return picl.simulation{...}` is a tail call, which leaves no caller line to read;
    -- run() then searches the text instead.
    local line
    if not debug.getinfo(1, "t").istailcall then
        local info = debug.getinfo(2, "Sl")
        if info and info.currentline and info.currentline > 0 then line = { source = info.source, line = info.currentline } end
    end
    return setmetatable({ [SIMULATION] = { input = t, call = line } }, {
        __metatable = false,
        __tostring = function() return "picl.simulation{...}" end,
    })
end

local public = setmetatable({}, {
    __index = M,
    __newindex = function(_, k) error("picl." .. tostring(k) .. ": the picl module is read-only", 2) end,
    __pairs = function() return next, M, nil end,
    __metatable = false,
})

local function deepcopy(v, seen)
    if type(v) ~= "table" then return v end
    seen = seen or {}
    if seen[v] then return seen[v] end
    local out = {}
    seen[v] = out
    for k, x in pairs(v) do out[deepcopy(k, seen)] = deepcopy(x, seen) end
    return out
end

-- Runs the script at `path` (whose text is `text`), applies `sets`, validates, resolves.
-- Returns the resolved table, or nil and one message. `limits` are base/config.h's sizes.
function internal.run(path, text, sets, limits)
    if limits.version then rawset(M, "version", limits.version) end
    local ran, ret = sandbox.run(path, text, sandbox.new(public, path))
    if not ran then return nil, ret end
    local sim = type(ret) == "table" and rawget(ret, SIMULATION)
    if not sim then
        return nil, string.format("%s: the script must end with `return picl.simulation{...}`; it returned %s",
            path, ret == nil and "nothing" or repr(ret))
    end

    local ctx = { path = path, code = strip_comments(text), limits = limits, set_paths = {}, set_notes = {}, where = where.where }
    if sim.call and sim.call.source == "@" .. path then
        ctx.sim_line = sim.call.line
    else
        local at = ctx.code:find("%f[%w_]simulation%s*[{(]")
        ctx.sim_line = at and line_at(ctx.code, at) or 1
    end

    local ok, resolved = pcall(function()
        local input = deepcopy(sim.input)
        if type(input) ~= "table" then
            fail("", "picl.simulation expects a table {grid = {...}, steps = ..., ...}, got " .. repr(input))
        end
        for _, s in ipairs(sets) do set.apply(ctx, schema.simulation, input, s) end
        -- the geometry decides how many entries the per-axis keys take (check.spatial); an unknown
        -- value is the geometry key's own error, below
        ctx.geometry = type(input.geometry) == "string" and check.GEOMETRY_AXES[input.geometry] and input.geometry or "3d"
        ctx.axes = check.GEOMETRY_AXES[ctx.geometry]
        return check_value({ kind = schema.simulation }, input, "", ctx)
    end)
    if ok then
        resolved.set_note = table.concat(ctx.set_notes, "; ")
        return resolved
    end
    if type(resolved) ~= "table" or not resolved.picl_error then error(resolved, 0) end -- a bug here
    local e = resolved
    local at = e.where or (e.key == "" and ctx.path .. ":" .. ctx.sim_line) or ctx:where(e.key)
    if e.key == "" then return nil, at .. ": " .. e.msg end
    return nil, at .. ": " .. e.key .. ": " .. e.msg
end

M.bench = bench_spec.make

-- Runs the benchmark spec at `path` in the input sandbox and returns its expanded sweep, or nil
-- and one message (lua/bench_spec.lua). `cli_sets`: --set strings of the command line.
function internal.bench(path, text, cli_sets, limits)
    if limits and limits.version then rawset(M, "version", limits.version) end
    return bench_spec.expand(path, text, cli_sets, limits, sandbox.new(public, path))
end

internal.tuning = tuning.read

-- The lists of names the schema accepts, for the test that they equal base/config.h's.
function internal.enums()
    return schema.names
end

return public, internal
