-- check.lua: the validation helpers: errors that name a key, kinds (what a value may be) and
-- sections (tables of keys with defaults and rules). The schema is written in these.

local text = require("text")
local float_literal, sorted_keys, repr = text.float_literal, text.sorted_keys, text.repr
local expected, closest, quoted_list, unknown_key = text.expected, text.closest, text.quoted_list, text.unknown_key

local C = {}

---------------------------------------------------------------------------------------------
-- Errors. A check raises {key, msg}; run() turns it into "FILE:LINE: KEY: msg" once the line
-- of KEY is known, so no check needs to know about files or lines.

local function fail(key, msg, where)
    error({ picl_error = true, key = key, msg = msg, where = where }, 0)
end

local function join(prefix, k)
    if prefix == "" then return tostring(k) end
    return prefix .. "." .. tostring(k)
end

---------------------------------------------------------------------------------------------
-- Kinds: what a value may be. check(v, key, ctx) returns the resolved value, or nil and an
-- optional message (without one the caller writes "expected <what> (<doc>), got <v>").

local function finite(v)
    return type(v) == "number" and v == v and v > -math.huge and v < math.huge
end

local function number(what, ok)
    return { what = what, check = function(v)
        if finite(v) and (not ok or ok(v)) then return v + 0.0 end
    end }
end

local function integer(what, ok)
    return { what = what, check = function(v)
        local i = type(v) == "number" and math.tointeger(v)
        if i and (not ok or ok(i)) then return i end
    end }
end

local function positive(v) return v > 0 end
local function nonnegative(v) return v >= 0 end
local function nonzero(v) return v ~= 0 end
local function any() return true end

local AXES = { "x", "y", "z" }

-- Exactly three list entries, each of kind `elem`: one per axis, x first.
local function three(elem, what)
    return { what = what, check = function(v, key, ctx)
        if type(v) ~= "table" then return nil end
        local count = 0
        for _ in pairs(v) do count = count + 1 end
        if count ~= 3 then return nil end
        local out = {}
        for i = 1, 3 do
            out[i] = elem.check(v[i], key, ctx)
            if out[i] == nil then return nil end
        end
        return out
    end }
end

-- The axes a geometry keeps (ctx.axes, set by lua/picl.lua from the input's geometry key before
-- the schema runs; nil: all three). 2D keeps x and z (WarpX and openPMD), 1D keeps z.
-- RZ keeps 2D's two: x is r (docs/rz.md).
local GEOMETRY_AXES = { ["3d"] = { 1, 2, 3 }, ["2d"] = { 1, 3 }, ["1d"] = { 3 }, rz = { 1, 3 } }
local function kept_axes(ctx)
    return (ctx and ctx.axes) or GEOMETRY_AXES["3d"]
end

-- One entry per axis of the geometry (3 in 3D; x, z in 2D; z in 1D), each of kind `elem`,
-- resolved to three with `fill` on the dropped axes, so everything after the schema sees 3D
-- tuples (docs/geometry.md). In 3D exactly three().
local function spatial(elem, what, fill)
    local vec = three(elem, what)
    return { what = what, check = function(v, key, ctx)
        local axes = kept_axes(ctx)
        if #axes == 3 then return vec.check(v, key, ctx) end
        if type(v) ~= "table" then return nil end
        local count = 0
        for _ in pairs(v) do count = count + 1 end
        local names = {}
        for i, a in ipairs(axes) do names[i] = AXES[a] end
        local want = string.format("%d %s (%s) in geometry = \"%s\"", #axes, #axes == 1 and "entry" or "entries",
            table.concat(names, ", "), ctx.geometry)
        if count ~= #axes then return nil, string.format("expected %s, got %d", want, count) end
        local out = { fill, fill, fill }
        for i, a in ipairs(axes) do
            out[a] = elem.check(v[i], key, ctx)
            if out[a] == nil then return nil, string.format("expected %s, each %s", want, elem.what ~= "" and elem.what or "valid") end
        end
        return out
    end }
end

-- A number meaning the same on every (kept) axis, or one per axis of the geometry.
local function one_or_spatial(elem, what, fill)
    local vec = spatial(elem, what, fill)
    return { what = what, check = function(v, key, ctx)
        if type(v) == "number" then
            local e = elem.check(v, key, ctx)
            if e == nil then return nil end
            local out = { fill, fill, fill }
            for _, a in ipairs(kept_axes(ctx)) do out[a] = e end
            return out
        end
        return vec.check(v, key, ctx)
    end }
end

-- A number meaning the same on every axis, or three of them.
local function one_or_three(elem, what)
    local vec = three(elem)
    return { what = what, check = function(v, key, ctx)
        if type(v) == "number" then
            local e = elem.check(v, key, ctx)
            if e ~= nil then return { e, e, e } end
            return nil
        end
        return vec.check(v, key, ctx)
    end }
end

local function one_of(noun, names)
    local set = {}
    for _, n in ipairs(names) do set[n] = true end
    return { what = "one of " .. quoted_list(names), check = function(v)
        if set[v] then return v end
        if type(v) ~= "string" then return nil end
        local guess = closest(v, names)
        return nil, string.format("unknown %s '%s'; %sexpected one of %s", noun, v,
            guess and ("did you mean '" .. guess .. "'? ") or "", quoted_list(names))
    end }
end


local boolean = { what = "true or false", check = function(v)
    if type(v) == "boolean" then return v end
end }

local IDENT = "^[%a_][%w_]*$"
-- string.match as it was when picl's modules loaded, before any script ran: name checks do not
-- go through the strings' metatable (input/luamod.c keeps scripts away from it as well).
local match = string.match

local function name_kind(what)
    return { what = what, check = function(v, key, ctx)
        if type(v) ~= "string" or not match(v, IDENT) then return nil end
        if #v >= ctx.limits.name_len then
            return nil, string.format("'%s' is %d characters; expected at most %d", v, #v, ctx.limits.name_len - 1)
        end
        return v
    end }
end

-- A nonempty string that fits picl's path buffers; `what` names it in a message.
local function path_of(what)
    return { what = what, check = function(v, key, ctx)
        if type(v) ~= "string" or v == "" then return nil end
        if #v >= ctx.limits.path_len then
            return nil, string.format("%d characters; expected at most %d", #v, ctx.limits.path_len - 1)
        end
        return v
    end }
end
local path_kind = path_of("a folder name")

-- A user expression: OpenCL C text in x, y, z (m) and t (s). A number is turned into its
-- text, so the generator sees one form; `number_ok` limits numbers (densities are >= 0).
local function expression(what, number_ok)
    return { what = what, check = function(v, key, ctx)
        local text, value
        if type(v) == "number" then
            if not finite(v) or (number_ok and not number_ok(v)) then return nil end
            text, value = float_literal(v), v + 0.0
        elseif type(v) == "string" then
            if not v:find("%S") then return nil, "empty expression; " .. expected(what, nil, v) end
            if #v >= ctx.limits.text_len then
                return nil, string.format("expression is %d characters; expected at most %d", #v, ctx.limits.text_len - 1)
            end
            text = v
        else
            return nil
        end
        return { text = text, value = value, key = key, where = ctx:where(key) }
    end }
end

---------------------------------------------------------------------------------------------
-- Sections: a table of keys, each {kind, required | default, doc}, plus rules that relate
-- keys once each is valid. A function default is called with the resolved section, after
-- every given key has been checked, so it can depend on them (max_box defaults to cells).

local check_value -- forward: checks one value against one key spec

local function check_section(sec, v, key, ctx)
    if type(v) == "string" and sec.shorthand then v = { [sec.shorthand] = v } end
    if type(v) ~= "table" then fail(key, expected(sec.what, sec.doc, v)) end
    -- Unknown keys first: a misspelt key also explains a "missing" error that would follow.
    for _, k in ipairs(sorted_keys(v)) do
        if type(k) ~= "string" then
            fail(key, string.format("unexpected list entry %s at position %s; expected named keys (%s)",
                repr(v[k]), repr(k), table.concat(sorted_keys(sec.keys), ", ")))
        end
        if not sec.keys[k] then fail(join(key, k), unknown_key(k, sec.keys)) end
    end
    local out, later = {}, {}
    for _, k in ipairs(sorted_keys(sec.keys)) do
        local spec, val = sec.keys[k], v[k]
        if val == nil and spec.required then
            fail(join(key, k), "missing; expected " .. spec.kind.what .. (spec.doc and (" (" .. spec.doc .. ")") or ""))
        elseif val == nil and type(spec.default) == "function" then
            later[#later + 1] = k
        else
            if val == nil then val = spec.default end
            if val ~= nil then out[k] = check_value(spec, val, join(key, k), ctx) end
        end
    end
    for _, k in ipairs(later) do out[k] = sec.keys[k].default(out, ctx) end
    for _, rule in ipairs(sec.rules or {}) do rule(out, key, ctx, v) end
    return out
end

local function section(sec)
    sec.what = sec.what or "a table"
    return { what = sec.what, section = sec, check = function(v, key, ctx)
        return check_section(sec, v, key, ctx)
    end }
end

-- The key of one list entry: its name when it has a usable one ("species.electrons"), else its
-- 1-based position ("species.2"). --set addresses entries the same way.
local function entry_key(key, item, i)
    if type(item) == "table" and type(item.name) == "string" and match(item.name, IDENT) then
        return join(key, item.name)
    end
    return join(key, i)
end

-- One table or a list of them, with unique names.
local function list_of(elem, noun, limit_name)
    return { what = "a table or a list of tables", list = true, elem = elem, check = function(v, key, ctx)
        if type(v) ~= "table" then return nil end
        if v[1] == nil and next(v) ~= nil then v = { v } end
        for _, k in ipairs(sorted_keys(v)) do
            if math.type(k) ~= "integer" or k < 1 or k > #v then
                fail(join(key, tostring(k)), string.format("unexpected key in the list of %s; expected a list {{...}, {...}}", noun))
            end
        end
        local out, seen = {}, {}
        for i, item in ipairs(v) do
            local k = entry_key(key, item, i)
            ctx.list_index = i
            out[i] = check_value({ kind = elem }, item, k, ctx)
            local name = out[i].name
            if seen[name] then -- reported where the name is written the second time
                fail(k, string.format("duplicate name '%s' (also entry %d); expected unique %s names",
                    name, seen[name], noun), ctx:where(k, 2))
            end
            seen[name] = i
        end
        local limit = ctx.limits[limit_name]
        if #out > limit then fail(key, string.format("%d entries; expected at most %d", #out, limit)) end
        return out
    end }
end

check_value = function(spec, v, key, ctx)
    local out, why = spec.kind.check(v, key, ctx)
    if out == nil then fail(key, why or expected(spec.kind.what, spec.doc, v)) end
    return out
end

-- A list of names (a single string is a list of one), each allowed(name) or the kind fails with
-- a "did you mean" among candidates; repeated names are kept once.
local function names_list(noun, what, allowed, candidates)
    return { what = what, check = function(v, key)
        if type(v) == "string" then v = { v } end
        if type(v) ~= "table" then return nil end
        local out, seen = {}, {}
        for _, k in ipairs(sorted_keys(v)) do
            if math.type(k) ~= "integer" or k < 1 or k > #v then return nil end
        end
        for _, name in ipairs(v) do
            if type(name) ~= "string" then return nil end
            if not allowed(name) then
                local guess = closest(name, candidates)
                return nil, string.format("unknown %s '%s'; %sexpected any of %s", noun, name,
                    guess and ("did you mean '" .. guess .. "'? ") or "", quoted_list(candidates))
            end
            if not seen[name] then out[#out + 1], seen[name] = name, true end
        end
        return out
    end }
end

-- KEY fails unless NAME is one of the input's species NAMES: "unknown species", with a "did
-- you mean" among them.
local function known_species(name, names, key)
    for _, n in ipairs(names) do if n == name then return end end
    local guess = closest(name, names)
    fail(key, string.format("unknown species '%s'; %sexpected %s", name,
        guess and ("did you mean '" .. guess .. "'? ") or "",
        #names > 0 and ("one of " .. quoted_list(names)) or "no species (the input has none)"))
end

C.fail, C.join, C.finite, C.number, C.integer = fail, join, finite, number, integer
C.positive, C.nonnegative, C.nonzero, C.any = positive, nonnegative, nonzero, any
C.three, C.one_or_three, C.one_of, C.AXES, C.boolean, C.IDENT = three, one_or_three, one_of, AXES, boolean, IDENT
C.spatial, C.one_or_spatial, C.GEOMETRY_AXES, C.kept_axes = spatial, one_or_spatial, GEOMETRY_AXES, kept_axes
C.name_kind, C.path_kind, C.path_of, C.expression = name_kind, path_kind, path_of, expression
C.section, C.entry_key, C.list_of, C.check_value = section, entry_key, list_of, check_value
C.names_list, C.known_species = names_list, known_species
return C
