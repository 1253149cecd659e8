-- sandbox.lua: the environment input scripts and benchmark specs run in: plain computation,
-- reading files, and nothing that could change the machine.

local repr = require("text").repr
local open_regular = require("hostfile").open -- input/luamod.c: regular files only

-- No processes, no writing, no native code, no debug library, no require but picl's.

local function denied(lib, name)
    return string.format("%s.%s is not available to input scripts (they cannot touch the machine)", lib, name)
end

-- A library table with only `allowed` in it; asking for one of the real library's other
-- members is an error that names it, rather than a puzzling "attempt to call a nil value".
local function guarded(lib, allowed, real)
    local t = {}
    for k, v in pairs(allowed) do t[k] = v end
    return setmetatable(t, {
        __metatable = false,
        __index = function(_, k)
            if real == nil or real[k] ~= nil then error(denied(lib, tostring(k)), 2) end
        end,
    })
end

local function copy(t)
    local out = {}
    for k, v in pairs(t) do out[k] = v end
    return out
end

local function sandbox(public, script_path)
    -- Relative paths are taken from the script's folder, so an input and the parameter files
    -- it reads move together and picl runs from any directory.
    local dir = script_path:match("^(.*)/[^/]*$")
    local function resolve(p)
        if type(p) ~= "string" or p:sub(1, 1) == "/" or not dir then return p end
        return dir .. "/" .. p
    end

    local env = {}
    for _, name in ipairs { "print", "pairs", "ipairs", "type", "tostring", "tonumber", "select", "error",
        "assert", "pcall", "xpcall", "next", "rawget", "rawset", "rawequal", "rawlen", "collectgarbage",
        "_VERSION" } do
        env[name] = _G[name]
    end
    env.unpack = table.unpack
    -- A script sees the metatables of its own tables and of no other value: strings share one
    -- with picl's own code, files one with every file (input/luamod.c protects both as well).
    env.getmetatable = function(v)
        if type(v) ~= "table" then return nil end
        return getmetatable(v)
    end
    -- No finalizers: Lua runs them with hooks off, at any allocation and at the state's close,
    -- where no limit of the script's time can stop one that never returns. Lua marks an object
    -- for finalization only when its metatable has __gc at setmetatable, so refusing it here
    -- is enough; a __gc added to the metatable later is never called.
    env.setmetatable = function(t, mt)
        if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
            error("setmetatable: __gc (a finalizer) is not available to input scripts: picl cannot bound its time",
                2)
        end
        return setmetatable(t, mt)
    end
    for _, lib in ipairs { "string", "table", "math", "utf8", "coroutine" } do env[lib] = copy(_G[lib]) end

    env.os = guarded("os", { time = os.time, clock = os.clock, date = os.date, getenv = os.getenv,
        difftime = os.difftime }, os)

    local function open(path, mode)
        mode = mode == nil and "r" or mode
        if mode ~= "r" and mode ~= "rb" then
            error(string.format("io.open(%s, %s): input scripts may not write files; expected mode \"r\" or \"rb\"",
                repr(path), repr(mode)), 2)
        end
        if type(path) ~= "string" then error("io.open: expected a file name, got " .. repr(path), 2) end
        return open_regular(resolve(path))
    end
    -- io.lines(path, ...) as Lua's: the file is closed when the lines run out.
    local function lines(path, ...)
        if type(path) ~= "string" then
            error("io.lines: expected a file name (input scripts do not read standard input)", 2)
        end
        local f, err = open_regular(resolve(path))
        if not f then error(err, 2) end
        local next_line = f:lines(...)
        return function()
            local v = table.pack(next_line())
            if v[1] == nil then
                if io.type(f) == "file" then f:close() end
                return nil
            end
            return table.unpack(v, 1, v.n)
        end
    end
    env.io = guarded("io", { open = open, lines = lines, type = io.type }, io)

    env.require = function(name)
        if name == "picl" then return public end
        error(string.format("require(%s): only 'picl' is available to input scripts; use dofile for a file of parameters",
            repr(name)), 2)
    end
    -- Text chunks only (a binary chunk can crash the interpreter), run in this sandbox unless
    -- the script passes an environment of its own (which can only hold what it can see).
    env.load = function(chunk, name, _, ...)
        local e = env
        if select("#", ...) > 0 then e = ... end
        return load(chunk, name, "t", e)
    end
    env.loadfile = function(path, _, ...)
        local e = env
        if select("#", ...) > 0 then e = ... end
        if type(path) ~= "string" then return nil, "loadfile: expected a file name" end
        local f, err = open_regular(resolve(path))
        if not f then return nil, err end
        local text = f:read("a")
        f:close()
        return load(text, "@" .. resolve(path), "t", e)
    end
    env.dofile = function(path)
        local f, err = env.loadfile(path)
        if not f then error(err, 2) end
        return f()
    end
    env.debug = guarded("debug", {}, nil)
    env.package = guarded("package", {}, nil)
    env._G = env
    return env
end

-- Runs the script `text` (read from `path`) in `env`: true and what it returned, or nil and one
-- message (Lua's own "FILE:LINE: ..." for a syntax error or a raised string).
local function run(path, text, env)
    local chunk, msg = load(text, "@" .. path, "t", env)
    if not chunk then return nil, msg end
    local ok, ret = pcall(chunk)
    if not ok then
        if type(ret) == "string" then return nil, ret end
        return nil, path .. ": the script raised an error value of type " .. type(ret)
    end
    return true, ret
end

return { new = sandbox, run = run }
