-- bench_spec.lua: benchmark specs (`return picl.bench{...}`) expanded into variants, each a
-- list of --set strings, with the swept values as JSON for the results file.

local text = require("text")
local check = require("check")
local where = require("where")
local sandbox = require("sandbox")
local numtext, sorted_keys, repr, unknown_key = text.numtext, text.sorted_keys, text.repr, text.unknown_key
local fail, finite, IDENT = check.fail, check.finite, check.IDENT
local strip_comments, line_at, key_line = where.strip_comments, where.line_at, where.key_line

local B = {}

-- Benchmark specs (`picl bench SPEC.lua`, docs/bench.md): a base input, the axes to sweep
-- (any --set key, each with a list of values), restrictions, counts of steps. The script runs
-- in the same sandbox as an input; expand() makes it into variants, each a list of
-- --set strings that cfg_load applies to the base input, so a variant is checked exactly like
-- `picl run BASE --set ...` would check it.

local BENCH = {} -- private key: only picl.bench makes a table that has it

function B.make(t)
    return setmetatable({ [BENCH] = t }, { __metatable = false, __tostring = function() return "picl.bench{...}" end })
end

-- Keys whose value changes no physics: a variant that differs from another only in these
-- must give the same J and E to round-off, and is gated against it (docs/bench.md).
local BENCH_NEUTRAL = { "sort.", "memory.", "debug.", "work_group.", "deposition_strategy", "grid.max_box", "progress_interval",
    "diagnostics.", "checkpoint." }

local function bench_neutral(key, extra)
    for _, list in ipairs { BENCH_NEUTRAL, extra } do
        for _, p in ipairs(list) do
            if key == p or (p:sub(-1) == "." and key:sub(1, #p) == p) then return true end
        end
    end
    return false
end

-- A value as --set text that reads back as the same value (strings quoted), and as a label.
local function bench_text(v, key, label)
    local t = type(v)
    if t == "number" then return numtext(v) end
    if t == "boolean" then return tostring(v) end
    if t == "string" then return label and v or string.format("%q", v) end
    if t == "table" then
        local parts, n = {}, #v
        for i = 1, n do parts[#parts + 1] = bench_text(v[i], key, label) end
        for _, k in ipairs(sorted_keys(v)) do
            if not (math.type(k) == "integer" and k >= 1 and k <= n) then
                if type(k) ~= "string" or not k:match(IDENT) then fail(key, "expected names as table keys, got " .. repr(k)) end
                parts[#parts + 1] = k .. "=" .. bench_text(v[k], key, label)
            end
        end
        return "{" .. table.concat(parts, ",") .. "}"
    end
    fail(key, "expected a number, string, boolean or table, got " .. repr(v))
end

local function json_string(s)
    return '"' .. s:gsub('[%c"\\]', function(c)
        local named = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\t"] = "\\t" }
        return named[c] or string.format("\\u%04x", c:byte())
    end) .. '"'
end

local function json_value(v)
    if type(v) == "number" then return numtext(v) end
    if type(v) == "boolean" then return tostring(v) end
    if type(v) == "string" then return json_string(v) end
    return json_string(bench_text(v, "", true)) -- a table: as its label text
end

-- Axes in sweep order (the first varies slowest): a list of {key, values} or {key = ...,
-- values = ...}, or a map key = values (then sorted by key).
local function bench_axes(axes)
    if type(axes) ~= "table" or next(axes) == nil then
        fail("axes", "expected a table of key = {values...}, e.g. axes = { shape_order = {1, 2, 3} }")
    end
    local out = {}
    if axes[1] ~= nil then
        for i, a in ipairs(axes) do
            local key, values = a.key or a[1], a.values or a[2]
            if type(key) ~= "string" then fail("axes." .. i, "expected {KEY, {values...}}, got " .. repr(a)) end
            out[#out + 1] = { key = key, values = values }
        end
    else
        for _, k in ipairs(sorted_keys(axes)) do out[#out + 1] = { key = k, values = axes[k] } end
    end
    for _, a in ipairs(out) do
        if type(a.key) ~= "string" or not a.key:match("^[%w_.]+$") then
            fail("axes", "expected --set keys such as 'sort.interval', got " .. repr(a.key))
        end
        if type(a.values) ~= "table" or #a.values == 0 then
            fail("axes." .. a.key, "expected a non-empty list of values, got " .. repr(a.values))
        end
    end
    return out
end

local function bench_count(spec, key, default, min)
    local v = spec[key]
    if v == nil then return default end
    local i = type(v) == "number" and math.tointeger(v)
    if not i or i < min then fail(key, string.format("expected an integer >= %d, got %s", min, repr(v))) end
    return i
end

local BENCH_KEYS = { base = true, set = true, axes = true, restrict = true, reference = true, warmup = true,
    steps = true, repeats = true, results = true, gate = true, neutral = true, name = true }

-- Runs the spec at `path` and returns the expanded sweep, or nil and one message.
-- `cli_sets`: --set strings of the command line, applied to every variant after the spec's own.
-- `env`: the sandbox it runs in.
function B.expand(path, text, cli_sets, limits, env)
    local ran, ret = sandbox.run(path, text, env)
    if not ran then return nil, ret end
    local spec = type(ret) == "table" and rawget(ret, BENCH)
    if type(spec) ~= "table" then
        return nil, string.format("%s: a benchmark spec must end with `return picl.bench{...}`; it returned %s",
            path, ret == nil and "nothing" or repr(ret))
    end
    local ctx = { path = path, code = strip_comments(text), set_paths = {}, where = where.where }
    local at = ctx.code:find("%f[%w_]bench%s*[{(]")
    ctx.sim_line = at and line_at(ctx.code, at) or 1
    local ok, resolved = pcall(function()
        for _, k in ipairs(sorted_keys(spec)) do
            if not BENCH_KEYS[k] then fail(tostring(k), unknown_key(tostring(k), BENCH_KEYS)) end
        end
        if type(spec.base) ~= "string" then fail("base", "expected the path of the base input, relative to the spec's folder") end
        local dir = path:match("^(.*)/[^/]*$")
        local base = (spec.base:sub(1, 1) == "/" or not dir) and spec.base or (dir .. "/" .. spec.base)
        local out = { base = base, warmup = bench_count(spec, "warmup", 2, 0), steps = bench_count(spec, "steps", 5, 1),
            repeats = bench_count(spec, "repeats", 3, 1), variants = {} }
        out.name = type(spec.name) == "string" and spec.name or (path:match("([^/]*)%.lua$") or path:match("[^/]*$"))
        if spec.results ~= nil and type(spec.results) ~= "string" then fail("results", "expected a file name") end
        out.results = spec.results or (out.name .. ".jsonl")
        local gate = spec.gate or {}
        if type(gate) ~= "table" then fail("gate", "expected {rel = number, residual = number}") end
        for _, k in ipairs(sorted_keys(gate)) do
            if k ~= "rel" and k ~= "residual" then fail("gate." .. tostring(k), "unknown key; expected 'rel' or 'residual'") end
            if not finite(gate[k]) or gate[k] <= 0 then fail("gate." .. k, "expected a positive number, got " .. repr(gate[k])) end
        end
        out.gate_rel, out.gate_residual = gate.rel or 0, gate.residual or 0
        local neutral = spec.neutral or {}
        if type(neutral) ~= "table" then fail("neutral", "expected a list of keys that change no physics") end

        local fixed = {}
        if spec.set ~= nil and type(spec.set) ~= "table" then fail("set", "expected a table of key = value") end
        for _, k in ipairs(sorted_keys(spec.set or {})) do
            fixed[#fixed + 1] = k .. "=" .. bench_text(spec.set[k], "set." .. k)
        end
        for _, s in ipairs(cli_sets) do fixed[#fixed + 1] = s end

        local axes = bench_axes(spec.axes)
        local restrict = spec.restrict or {}
        if type(restrict) == "function" then restrict = { restrict } end
        for i, f in ipairs(restrict) do
            if type(f) ~= "function" then fail("restrict." .. i, "expected a function(p) returning true to keep a variant") end
        end
        if spec.reference ~= nil and type(spec.reference) ~= "table" then
            fail("reference", "expected a table of axis values, e.g. { ['sort.interval'] = 0 }")
        end

        -- The Cartesian product, first axis slowest.
        local idx = {}
        for i = 1, #axes do idx[i] = 1 end
        local group_ref, global_ref = {}, nil
        while true do
            local p, sets, label, group = {}, {}, {}, {}
            for i, a in ipairs(axes) do
                local v = a.values[idx[i]]
                p[a.key] = v
                sets[#sets + 1] = a.key .. "=" .. bench_text(v, "axes." .. a.key)
                label[#label + 1] = a.key .. "=" .. bench_text(v, "axes." .. a.key, true)
                if not bench_neutral(a.key, neutral) then group[#group + 1] = label[#label] end
            end
            local keep = true
            for _, f in ipairs(restrict) do
                local fine, r = pcall(f, setmetatable({}, { __metatable = false, __index = p, __newindex = function()
                    error("restrict: the parameter table is read-only", 2) end }))
                if not fine then fail("restrict", tostring(r)) end
                if not r then keep = false break end
            end
            if keep then
                local v = { id = table.concat(label, " "), group = table.concat(group, " "), sets = {}, params = {} }
                for _, s in ipairs(fixed) do v.sets[#v.sets + 1] = s end
                for _, s in ipairs(sets) do v.sets[#v.sets + 1] = s end
                if #v.sets > limits.sets then
                    fail("set", string.format("%d settings per variant; picl takes at most %d", #v.sets, limits.sets))
                end
                local pj = {}
                for _, a in ipairs(axes) do pj[#pj + 1] = json_string(a.key) .. ":" .. json_value(p[a.key]) end
                v.params = "{" .. table.concat(pj, ",") .. "}"
                local n = #out.variants + 1
                local named = spec.reference ~= nil
                for k, want in pairs(spec.reference or {}) do
                    if bench_text(p[k], "reference") ~= bench_text(want, "reference") then named = false end
                end
                if named and not global_ref then global_ref = n end
                out.variants[n] = v
            end
            local i = #axes
            while i >= 1 do
                idx[i] = idx[i] + 1
                if idx[i] <= #axes[i].values then break end
                idx[i] = 1
                i = i - 1
            end
            if i == 0 then break end
        end
        if #out.variants == 0 then fail("restrict", "no variant is left; expected at least one") end
        if spec.reference ~= nil and not global_ref then
            fail("reference", "no variant has these values: " .. repr(spec.reference))
        end
        global_ref = global_ref or 1
        -- Each variant is gated against the first of its physics group (the named reference
        -- when it is in that group): the variants of a group differ only in neutral keys.
        local gref = out.variants[global_ref].group
        group_ref[gref] = global_ref
        for n, v in ipairs(out.variants) do
            group_ref[v.group] = group_ref[v.group] or n
            v.ref = group_ref[v.group]
            v.info_ref = global_ref
        end
        return out
    end)
    if ok then return resolved end
    if type(resolved) ~= "table" or not resolved.picl_error then error(resolved, 0) end
    local e = resolved
    local loc = e.where or ctx.path .. ":" .. key_line(ctx, e.key ~= "" and e.key or "bench")
    return nil, loc .. ": " .. e.key .. ": " .. e.msg
end

return B
