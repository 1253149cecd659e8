-- picl.lua: the module input scripts `require`, and the schema that checks what they return.
-- Scripts see constants and picl.simulation{}; input/config.c calls the returned `internal.run`.

local M = {} -- what require("picl") gives an input script (through a read-only proxy)
local internal = {} -- what input/config.c uses; never reachable from a script

-- Physical constants, SI, CODATA 2018: the same values as gen/gen.h, which defines these names
-- inside every user expression, so `picl.c` in Lua and `c` in an expression string agree.
M.c = 299792458.0 -- m/s
M.eps0 = 8.8541878128e-12 -- F/m
M.mu0 = 1.25663706212e-6 -- N/A^2
M.q_e = 1.602176634e-19 -- C
M.m_e = 9.1093837015e-31 -- kg
M.m_p = 1.67262192369e-27 -- kg
M.pi = math.pi

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

-- The shortest text that reads back as the same number.
local function numtext(v)
    if math.type(v) == "integer" then return string.format("%d", v) end
    if v ~= v then return "nan" end
    if v == math.huge then return "inf" end
    if v == -math.huge then return "-inf" end
    for digits = 15, 17 do
        local s = string.format("%." .. digits .. "g", v)
        if tonumber(s) == v then return s end
    end
end

-- A number as OpenCL C reads it: always with a '.' or an exponent, so never an int.
local function float_literal(v)
    local s = numtext(v + 0.0)
    if not s:find("[.eEn]") then s = s .. ".0" end
    return s
end

local function sorted_keys(t)
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
        if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
        return type(a) < type(b)
    end)
    return keys
end

-- A value as the user would have written it, short enough for one message line.
local function repr(v, depth)
    depth = depth or 0
    local t = type(v)
    if t == "number" then return numtext(v) end
    if t == "string" then return (string.format("%q", v):gsub("\\\n", "\\n")) end
    if t ~= "table" then return tostring(v) end
    if depth > 1 then return "{...}" end
    local parts, n = {}, #v
    for i = 1, math.min(n, 8) do parts[#parts + 1] = repr(v[i], depth + 1) end
    if n > 8 then parts[#parts + 1] = "..." end
    for _, k in ipairs(sorted_keys(v)) do
        if not (math.type(k) == "integer" and k >= 1 and k <= n) then
            if #parts >= 8 then parts[#parts + 1] = "..."; break end
            local name = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or "[" .. repr(k) .. "]"
            parts[#parts + 1] = name .. " = " .. repr(v[k], depth + 1)
        end
    end
    return "{" .. table.concat(parts, ", ") .. "}"
end

local function expected(what, doc, got)
    return string.format("expected %s%s, got %s", what, doc and (" (" .. doc .. ")") or "", repr(got))
end

-- Optimal string alignment distance: Levenshtein plus transpositions ("clf" -> "cfl" is 1).
local function distance(a, b)
    a, b = a:lower(), b:lower()
    local d = {}
    for i = 0, #a do d[i] = { [0] = i } end
    for j = 0, #b do d[0][j] = j end
    for i = 1, #a do
        for j = 1, #b do
            local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
            d[i][j] = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a:sub(i, i) == b:sub(j - 1, j - 1) and a:sub(i - 1, i - 1) == b:sub(j, j) then
                d[i][j] = math.min(d[i][j], d[i - 2][j - 2] + 1)
            end
        end
    end
    return d[#a][#b]
end

-- The closest candidate, if it is close enough to be the likely intent.
local function closest(word, candidates)
    if type(word) ~= "string" then return nil end
    local best, best_d
    for _, c in ipairs(candidates) do
        local d = distance(word, c)
        if not best_d or d < best_d then best, best_d = c, d end
    end
    if best_d and best_d <= math.max(1, #word // 3) then return best end
    -- A word that begins exactly one candidate is a shortening of it ("energy").
    local prefixed
    for _, c in ipairs(candidates) do
        if #word >= 3 and c:lower():sub(1, #word) == word:lower() then
            if prefixed then return nil end
            prefixed = c
        end
    end
    return prefixed
end

local function quoted_list(names)
    local q = {}
    for i, n in ipairs(names) do q[i] = "'" .. n .. "'" end
    return table.concat(q, ", ")
end

local function unknown_key(k, keys)
    local names = sorted_keys(keys)
    local guess = closest(k, names)
    if guess then return string.format("unknown key; did you mean '%s'?", guess) end
    return "unknown key; expected one of " .. quoted_list(names)
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

local AXES = { "x", "y", "z" }

local boolean = { what = "true or false", check = function(v)
    if type(v) == "boolean" then return v end
end }

local IDENT = "^[%a_][%w_]*$"

local function name_kind(what)
    return { what = what, check = function(v, key, ctx)
        if type(v) ~= "string" or not v:match(IDENT) then return nil end
        if #v >= ctx.limits.name_len then
            return nil, string.format("'%s' is %d characters; expected at most %d", v, #v, ctx.limits.name_len - 1)
        end
        return v
    end }
end

local path_kind = { what = "a folder name", check = function(v, key, ctx)
    if type(v) ~= "string" or v == "" then return nil end
    if #v >= ctx.limits.path_len then
        return nil, string.format("%d characters; expected at most %d", #v, ctx.limits.path_len - 1)
    end
    return v
end }

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

-- Names a user constant may not take: the expression's arguments, the physical constants
-- the generator defines beside them, and C words that would not compile as a variable.
local RESERVED = {}
for _, n in ipairs { "x", "y", "z", "t", "c", "eps0", "mu0", "q_e", "m_e", "m_p", "pi",
    "auto", "break", "case", "char", "const", "constant", "continue", "default", "do", "double",
    "else", "enum", "extern", "float", "for", "global", "goto", "half", "if", "inline", "int",
    "kernel", "local", "long", "private", "register", "restrict", "return", "short", "signed",
    "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile",
    "while", "real", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
    "exp", "exp2", "log", "log2", "log10", "sqrt", "rsqrt", "cbrt", "pow", "pown", "fabs", "fmin",
    "fmax", "floor", "ceil", "round", "fmod", "hypot", "erf", "erfc", "tgamma", "min", "max",
    "clamp", "step", "smoothstep", "sign", "select", "exp10", "powr", "M_PI" } do
    RESERVED[n] = true
end

-- constants = {name = number, ...}: resolved into a list sorted by name.
local constants_kind = { what = "a table of name = number", map = true, check = function(v, key, ctx)
    if type(v) ~= "table" then return nil end
    local out = {}
    for _, name in ipairs(sorted_keys(v)) do
        if type(name) ~= "string" or not name:match(IDENT) then
            fail(key, string.format("constant name %s is not a C identifier; expected letters, digits and _, "
                .. "not starting with a digit (constants = {k = 1.5e6})", repr(name)))
        end
        local k = join(key, name)
        if RESERVED[name] then
            fail(k, string.format("'%s' is reserved (a coordinate, a physical constant or an OpenCL C word); "
                .. "expected another name", name))
        end
        if #name >= ctx.limits.name_len then
            fail(k, string.format("name is %d characters; expected at most %d", #name, ctx.limits.name_len - 1))
        end
        if not finite(v[name]) then fail(k, expected("a finite number", "SI", v[name])) end
        out[#out + 1] = { name = name, value = v[name] + 0.0 }
    end
    if #out > ctx.limits.constants then
        fail(key, string.format("%d constants; expected at most %d", #out, ctx.limits.constants))
    end
    return out
end }

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
    if type(item) == "table" and type(item.name) == "string" and item.name:match(IDENT) then
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

---------------------------------------------------------------------------------------------
-- The schema. Names listed here are the only ones accepted; their order is the order of
-- the enums in base/config.h.

-- Stability limits on the time step, in seconds, for cell sizes dx, dy, dz.
local SOLVERS = {
    -- Yee: the 3D Courant condition. 0.999 by default: at exactly 1 round-off can grow.
    yee = { cfl = 0.999, dt_limit = function(dx, dy, dz)
        return 1 / (M.c * math.sqrt(1 / dx ^ 2 + 1 / dy ^ 2 + 1 / dz ^ 2))
    end },
    -- Cole-Karkkainen-Cowan: stable up to c dt = min(dx), and free of dispersion along the
    -- axes exactly there, which is why one chooses it; so 1.0 by default.
    ckc = { cfl = 1.0, dt_limit = function(dx, dy, dz) return math.min(dx, dy, dz) / M.c end },
}
local SOLVER_NAMES = { "yee", "ckc" }

local PARTICLES = {
    electron = { charge = -M.q_e, mass = M.m_e },
    positron = { charge = M.q_e, mass = M.m_e },
    proton = { charge = M.q_e, mass = M.m_p },
}

local grid = section {
    what = "a table {cells = ..., lower = ..., upper = ...}",
    keys = {
        cells = { kind = three(integer("", positive), "3 positive integers"), required = true, doc = "cells per axis" },
        lower = { kind = three(number(""), "3 numbers"), required = true, doc = "m, lower corner of the domain" },
        upper = { kind = three(number(""), "3 numbers"), required = true, doc = "m, upper corner of the domain" },
        max_box = { kind = one_or_three(integer("", positive), "a positive integer or 3 of them"),
            doc = "cells per box along each axis, dividing cells",
            default = function(g) return { g.cells[1], g.cells[2], g.cells[3] } end },
    },
    rules = {
        function(g, key)
            for a = 1, 3 do
                if not (g.lower[a] < g.upper[a]) then
                    fail(join(key, "upper"), string.format("upper must exceed lower on every axis: along %s, lower = %s m, upper = %s m",
                        AXES[a], numtext(g.lower[a]), numtext(g.upper[a])))
                end
            end
        end,
        -- A box larger than the domain just means one box along that axis (2D runs: cells z = 1).
        function(g, key)
            for a = 1, 3 do
                g.max_box[a] = math.min(g.max_box[a], g.cells[a])
                if g.cells[a] % g.max_box[a] ~= 0 then
                    fail(join(key, "max_box"), string.format("max_box must divide the cell count: %d cells into boxes of %d along %s; expected a divisor of %d",
                        g.cells[a], g.max_box[a], AXES[a], g.cells[a]))
                end
            end
        end,
    },
}

-- Boundaries per face. Given as one value for every face, or per axis as a list {x, y, z} or a
-- table {x = ..., y = ..., z = ...} (an axis left out takes `missing`), each entry one value for
-- both faces of the axis or a pair {lower, upper}. Resolved to {{lower, upper}, x3}.
local FIELD_BOUNDARIES = { "periodic", "pec", "pml" }
local PARTICLE_BOUNDARIES = { "periodic", "absorbing", "reflecting" }
local PML_CELLS_DEFAULT = 10

-- `one`: the kind of the value of one face.
local function faces_of(one, missing)
    local function at(v, key, ctx, where)
        local r, why = one.check(v, key, ctx)
        if r == nil then
            return nil, (why or ("expected " .. one.what .. ", got " .. repr(v))) .. " (" .. where .. ")"
        end
        return r
    end
    local function axis(v, key, ctx, a)
        if type(v) ~= "table" then
            local r, why = at(v, key, ctx, "along " .. AXES[a])
            if r == nil then return nil, why end
            return { r, r }
        end
        local n = 0
        for _ in pairs(v) do n = n + 1 end
        if n ~= 2 or v[1] == nil or v[2] == nil then
            return nil, string.format("along %s: expected a value or a pair {lower, upper}, got %s", AXES[a], repr(v))
        end
        local lo, why = at(v[1], key, ctx, "lower " .. AXES[a] .. " face")
        if lo == nil then return nil, why end
        local hi, why2 = at(v[2], key, ctx, "upper " .. AXES[a] .. " face")
        if hi == nil then return nil, why2 end
        return { lo, hi }
    end
    return { what = one.what .. " for every face, or per axis {x, y, z} or {x = ..., y = ..., z = ...}, "
        .. "each a value or a pair {lower, upper}", check = function(v, key, ctx)
        if type(v) ~= "table" then
            local r, why = one.check(v, key, ctx)
            if r == nil then return nil, why end
            return { { r, r }, { r, r }, { r, r } }
        end
        local entries = {}
        if v[1] ~= nil then
            for k in pairs(v) do
                if math.type(k) ~= "integer" or k < 1 or k > 3 then
                    return nil, "expected a list of 3 entries (x, y, z), got " .. repr(v)
                end
            end
            if v[3] == nil then return nil, "expected a list of 3 entries (x, y, z), got " .. repr(v) end
            entries = { v[1], v[2], v[3] }
        else
            for k in pairs(v) do
                if k ~= "x" and k ~= "y" and k ~= "z" then
                    return nil, string.format("unknown axis %s; expected keys x, y, z", repr(k))
                end
            end
            entries = { v.x or missing, v.y or missing, v.z or missing }
        end
        local out = {}
        for a = 1, 3 do
            local r, why = axis(entries[a], key, ctx, a)
            if r == nil then return nil, why end
            out[a] = r
        end
        return out
    end }
end

local function faces_kind(noun, names) return faces_of(one_of(noun, names), "periodic") end

-- Without one of the two, it follows the other: a periodic axis stays periodic, a pec or pml
-- face absorbs particles, and an absorbing or reflecting face is a pec face for the fields.
-- pml_cells: the thickness of each PML (one number for every PML face, or per axis and face as
-- `field`); resolved to 0 on the faces that have no PML.
local boundary = section {
    keys = {
        field = { kind = faces_kind("boundary", FIELD_BOUNDARIES), doc = "field boundary per face",
            default = function(b)
                local out = {}
                for a = 1, 3 do
                    out[a] = {}
                    for side = 1, 2 do
                        local p = b.particles and b.particles[a][side] or "periodic"
                        out[a][side] = p == "periodic" and "periodic" or "pec"
                    end
                end
                return out
            end },
        particles = { kind = faces_kind("boundary", PARTICLE_BOUNDARIES), doc = "particle boundary per face",
            default = function(b)
                local out = {}
                for a = 1, 3 do
                    out[a] = {}
                    for side = 1, 2 do
                        out[a][side] = b.field[a][side] == "periodic" and "periodic" or "absorbing"
                    end
                end
                return out
            end },
        pml_cells = { kind = faces_of(integer("a positive integer", positive), PML_CELLS_DEFAULT),
            default = PML_CELLS_DEFAULT, doc = "cells of each PML layer, inside the domain" },
    },
    rules = {
        -- Periodic means the two faces of an axis are one: for fields and particles together.
        function(b, key)
            for _, what in ipairs { "field", "particles" } do
                for a = 1, 3 do
                    local f = b[what][a]
                    if (f[1] == "periodic") ~= (f[2] == "periodic") then
                        fail(join(key, what), string.format("along %s, %s on one face and %s on the other; "
                            .. "expected periodic on both faces or on neither", AXES[a], repr(f[1]), repr(f[2])))
                    end
                end
            end
            for a = 1, 3 do
                if (b.field[a][1] == "periodic") ~= (b.particles[a][1] == "periodic") then
                    fail(join(key, "particles"), string.format("along %s the fields are %s but the particles %s; "
                        .. "expected periodic for both or for neither (a pec or pml face goes with absorbing or "
                        .. "reflecting particles)", AXES[a], repr(b.field[a][1]), repr(b.particles[a][1])))
                end
            end
        end,
        -- A PML's thickness means something only where there is a PML.
        function(b, key, _, raw)
            local any = false
            for a = 1, 3 do
                for side = 1, 2 do
                    if b.field[a][side] ~= "pml" then b.pml_cells[a][side] = 0 else any = true end
                end
            end
            local given = raw.pml_cells
            if given ~= nil and not any then
                fail(join(key, "pml_cells"), "given, but no face has field = \"pml\"; expected pml_cells only with a PML")
            end
            if type(given) == "table" then
                for a = 1, 3 do
                    local v = given[a]
                    if v == nil then v = given[AXES[a]] end
                    if v ~= nil and b.field[a][1] ~= "pml" and b.field[a][2] ~= "pml" then
                        fail(join(key, "pml_cells"), string.format("given along %s, where the field boundary is %s; "
                            .. "expected pml_cells only for axes with field = \"pml\"", AXES[a], repr(b.field[a][1])))
                    end
                end
            end
        end,
    },
}

local solver = section {
    what = "a solver name or a table {name = ..., cfl = ...}",
    shorthand = "name",
    keys = {
        name = { kind = one_of("solver", SOLVER_NAMES), default = "yee", doc = "Maxwell solver" },
        cfl = { kind = number("a number in (0, 1]", function(v) return v > 0 and v <= 1 end),
            doc = "fraction of the solver's stability limit on dt",
            default = function(s) if s.dt == nil then return SOLVERS[s.name].cfl end end },
        dt = { kind = number("a positive number", positive), doc = "s, instead of cfl" },
    },
    rules = {
        function(s, key)
            if s.dt and s.cfl then fail(join(key, "dt"), "give cfl or dt, not both") end
        end,
    },
}

local region = section {
    keys = {
        lower = { kind = three(number(""), "3 numbers"), required = true, doc = "m" },
        upper = { kind = three(number(""), "3 numbers"), required = true, doc = "m" },
    },
    rules = {
        function(r, key)
            for a = 1, 3 do
                if not (r.lower[a] < r.upper[a]) then
                    fail(join(key, "upper"), string.format("upper must exceed lower on every axis: along %s, lower = %s m, upper = %s m",
                        AXES[a], numtext(r.lower[a]), numtext(r.upper[a])))
                end
            end
        end,
    },
}

local PARTICLE_NAMES = { "electron", "positron", "proton" }

-- A Gaussian particle beam (a bunch): instead of a density, a total charge shared by a given
-- number of macro-particles drawn around a centroid (runtime: particle_beam.cl). Positions are
-- drawn within `truncate` rms of the centroid, so the bunch lies whole in the domain and its
-- charge is exact; the generator rescales the truncated Gaussian to the requested rms.
local beam = section {
    keys = {
        total_charge = { kind = number("a nonzero number", nonzero), required = true,
            doc = "C, the bunch's charge, with the sign of the particle's" },
        particles = { kind = integer("a positive integer", positive), required = true, doc = "macro-particles" },
        centroid = { kind = three(number(""), "3 numbers"), required = true, doc = "m, the bunch's centre" },
        rms = { kind = one_or_three(number("", positive), "a positive number or 3 of them"), required = true,
            doc = "m, rms size along each axis" },
        axis = { kind = one_of("axis", AXES), default = "z", doc = "the direction of the mean momentum" },
        gamma = { kind = number("a number >= 1", function(v) return v >= 1 end), doc = "mean Lorentz factor" },
        u = { kind = number("a number", any), doc = "mean gamma*v/c along the axis, instead of gamma" },
        energy_spread = { kind = number("a number >= 0", nonnegative), default = 0,
            doc = "rms of u along the axis over its mean (about the rms of gamma over gamma when gamma >> 1)" },
        u_th = { kind = one_or_three(number("", nonnegative), "a number >= 0 or 3 of them"), default = 0,
            doc = "gamma*v/c, rms spread per axis" },
        truncate = { kind = number("a number >= 2", function(v) return v >= 2 end), default = 4,
            doc = "positions lie within this many rms of the centroid" },
    },
    rules = {
        function(b, key)
            if b.gamma and b.u then fail(join(key, "u"), "give gamma or u, not both") end
            if not b.gamma and not b.u then
                fail(join(key, "gamma"), "missing; expected gamma (the mean Lorentz factor, >= 1) or u (gamma*v/c along the axis)")
            end
            if b.gamma then b.u = math.sqrt(b.gamma * b.gamma - 1) end
            b.gamma = nil
            local a = ({ x = 1, y = 2, z = 3 })[b.axis]
            if b.energy_spread > 0 then
                if b.u_th[a] > 0 then
                    fail(join(key, "energy_spread"), string.format("the spread of u along %s is given twice (energy_spread "
                        .. "and u_th); expected one of them", b.axis))
                end
                b.u_th[a] = b.energy_spread * math.abs(b.u)
            end
        end,
    },
}

local species = section {
    keys = {
        name = { kind = name_kind("a name of letters, digits and _"), required = true, doc = "used in output names and --set" },
        particle = { kind = one_of("particle", PARTICLE_NAMES), doc = "sets charge and mass" },
        charge = { kind = number("a nonzero number", nonzero), doc = "C, per physical particle" },
        mass = { kind = number("a positive number", positive), doc = "kg, per physical particle" },
        density = { kind = expression("a number >= 0 or an expression string", nonnegative), doc = "m^-3" },
        region = { kind = region, doc = "m, where particles start" },
        ppc = { kind = one_or_three(integer("", positive), "a positive integer or 3 of them"),
            doc = "particles per cell along each axis" },
        u_drift = { kind = one_or_three(number("", any), "a number or 3 numbers"), doc = "gamma*v/c; default 0" },
        u_th = { kind = one_or_three(number("", nonnegative), "a number >= 0 or 3 of them"),
            doc = "gamma*v/c, Gaussian spread per axis; default 0" },
        beam = { kind = beam, doc = "a Gaussian bunch instead of density and ppc" },
        -- Each species draws from its own stream unless told otherwise.
        seed = { kind = integer("an integer >= 0", nonnegative), doc = "random stream",
            default = function(_, ctx) return ctx.list_index end },
        frozen = { kind = boolean, default = false, doc = "true: never pushed, deposits no current" },
    },
    rules = {
        -- A plasma (density, ppc, ...) or a beam, never both; the runtime reads ppc and the
        -- momentum keys of every species, so a beam gets neutral values for them.
        function(s, key)
            if s.beam then
                for _, k in ipairs { "density", "ppc", "region", "u_drift", "u_th" } do
                    if s[k] ~= nil then
                        fail(join(key, k), string.format("a beam species takes no %s; expected beam = {...} alone "
                            .. "(its particles, rms and momentum spread are beam keys)", k))
                    end
                end
                s.ppc = { 1, 1, 1 }
                s.density = nil
            else
                if s.density == nil then
                    fail(join(key, "density"), "missing; expected a number >= 0 or an expression string (m^-3), "
                        .. "or beam = {...} for a bunch")
                end
                if s.ppc == nil then fail(join(key, "ppc"), "missing; expected a positive integer or 3 of them") end
            end
            s.u_drift = s.u_drift or { 0.0, 0.0, 0.0 }
            s.u_th = s.u_th or { 0.0, 0.0, 0.0 }
        end,
        function(s, key, ctx)
            if s.particle then
                for _, k in ipairs { "charge", "mass" } do
                    if s[k] then fail(join(key, k), "give particle or charge and mass, not both") end
                end
                s.charge, s.mass = PARTICLES[s.particle].charge, PARTICLES[s.particle].mass
            elseif not s.charge and not s.mass then
                fail(key, "no particle given; expected particle = one of " .. quoted_list(PARTICLE_NAMES)
                    .. ", or charge (C) and mass (kg)")
            elseif not s.charge then
                fail(join(key, "charge"), "missing; expected a nonzero number (C) beside mass")
            elseif not s.mass then
                fail(join(key, "mass"), "missing; expected a positive number (kg) beside charge")
            end
            if s.beam and (s.beam.total_charge > 0) ~= (s.charge > 0) then
                fail(join(join(key, "beam"), "total_charge"), string.format("%s C has the opposite sign of the "
                    .. "particle's charge %s C; expected a %s total charge", numtext(s.beam.total_charge),
                    numtext(s.charge), s.charge > 0 and "positive" or "negative"))
            end
            s.where = ctx:where(key)
        end,
    },
}

local reduced = section {
    keys = {
        name = { kind = name_kind("a name of letters, digits and _"), required = true, doc = "the CSV file's base name" },
        interval = { kind = integer("a positive integer", positive), required = true, doc = "steps" },
    },
}

-- Full diagnostics: openPMD files of fields and particles (docs/output.md), in the spirit of
-- WarpX's <diag>.intervals, <diag>.fields_to_plot, <diag>.species. Species names are checked
-- against the species list by a rule of the whole simulation (check_full_diagnostics).
local FULL_FIELDS = { "E", "B", "J", "rho", "Ex", "Ey", "Ez", "Bx", "By", "Bz", "Jx", "Jy", "Jz" }
local FULL_COMPONENTS = { "Ex", "Ey", "Ez", "Bx", "By", "Bz", "Jx", "Jy", "Jz", "rho" } -- enum field_comp order
local FULL_ATTRIBUTES = { "position", "momentum", "weighting", "id" }

-- Every `n` steps, or at the steps of a list.
local when_kind = { what = "a positive integer (every so many steps) or a list of steps {0, 50, 100}",
    check = function(v, key, ctx)
        local every = type(v) == "number" and math.tointeger(v)
        if every then
            if every > 0 then return { every = every, at = {} } end
            return nil
        end
        if type(v) ~= "table" or v[1] == nil then return nil end
        local at, seen = {}, {}
        for i, s in ipairs(v) do
            local step = type(s) == "number" and math.tointeger(s)
            if not step or step < 0 then
                return nil, string.format("entry %d is %s; expected steps as integers >= 0", i, repr(s))
            end
            if not seen[step] then at[#at + 1], seen[step] = step, true end
        end
        if #at > ctx.limits.diag_steps then
            return nil, string.format("%d steps; expected at most %d (or an interval)", #at, ctx.limits.diag_steps)
        end
        table.sort(at)
        return { every = 0, at = at }
    end }

-- A list of names (one name alone is a list of one); `allowed(name)` says whether one is known.
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

local full = section {
    keys = {
        name = { kind = name_kind("a name of letters, digits and _"), required = true,
            doc = "the folder <output_dir>/<name>/ of its files" },
        interval = { kind = when_kind, required = true, doc = "steps" },
        fields = { kind = names_list("field", "a list of field names",
            function(n)
                for _, f in ipairs(FULL_FIELDS) do if n == f then return true end end
                return n:match("^rho_[%a_][%w_]*$") ~= nil
            end, (function()
                local c = {}
                for _, f in ipairs(FULL_FIELDS) do c[#c + 1] = f end
                c[#c + 1] = "rho_<species>"
                return c
            end)()),
            default = { "E", "B", "J", "rho" }, doc = "E, B, J, rho, components such as Ex, or rho_<species>" },
        species = { kind = names_list("species", "a list of species names", function() return true end, {}),
            doc = "default: every species; {} for none" },
        attributes = { kind = names_list("attribute", "a list of particle attributes",
            function(n) for _, a in ipairs(FULL_ATTRIBUTES) do if n == a then return true end end end, FULL_ATTRIBUTES),
            default = FULL_ATTRIBUTES, doc = "charge, mass and positionOffset are always written" },
        stride = { kind = integer("a positive integer", positive), default = 1, doc = "write every stride-th particle" },
    },
}

local diagnostics = section {
    keys = {
        output_dir = { kind = path_kind, default = "diags", doc = "where output goes" },
        reduced = { kind = list_of(reduced, "reduced diagnostic", "reduced"), default = {}, doc = "reduced diagnostics" },
        full = { kind = list_of(full, "full diagnostic", "full"), default = {}, doc = "openPMD output of fields and particles" },
    },
}

-- Checkpoints (docs/output.md). Without this table picl writes one only when a signal stops
-- the run, into <output_dir>/checkpoints.
local checkpoint = section {
    keys = {
        interval = { kind = integer("a positive integer", positive), doc = "steps between checkpoints" },
        keep = { kind = integer("a positive integer", positive), default = 2, doc = "the newest so many are kept" },
        dir = { kind = path_kind, doc = "folder of the checkpoint files; default <output_dir>/checkpoints" },
        at_end = { kind = boolean, default = true, doc = "also write one when the run ends" },
    },
}

local FIELD_DOC = "OpenCL C in x, y, z (m) and t (s), or a number"
local fields = section {
    keys = {
        Ex = { kind = expression("an expression string or a number"), doc = "V/m; " .. FIELD_DOC },
        Ey = { kind = expression("an expression string or a number"), doc = "V/m; " .. FIELD_DOC },
        Ez = { kind = expression("an expression string or a number"), doc = "V/m; " .. FIELD_DOC },
        Bx = { kind = expression("an expression string or a number"), doc = "T; " .. FIELD_DOC },
        By = { kind = expression("an expression string or a number"), doc = "T; " .. FIELD_DOC },
        Bz = { kind = expression("an expression string or a number"), doc = "T; " .. FIELD_DOC },
    },
}

-- Sorting particles by bin inside each box (paper section 3.3): 0 = never.
local sort = section {
    keys = {
        -- "auto" (-1 for the runtime): the device's default, every 16 steps with bins of 4^3 on
        -- CPUs (the best of the sort study, docs/bench.md), never elsewhere until measured.
        interval = { kind = { what = "a non-negative integer (0: never) or \"auto\"", check = function(v)
                if v == "auto" then return -1 end
                local i = type(v) == "number" and math.tointeger(v)
                if i and i >= 0 then return i end
            end }, default = "auto", doc = "steps between sorts" },
        bin_size = { kind = { what = "a positive integer, 3 of them, or \"auto\"", check = function(v, key, ctx)
                if v == "auto" then return { -1, -1, -1 } end
                return one_or_three(integer("", positive), "a positive integer or 3 of them").check(v, key, ctx)
            end }, default = "auto", doc = "cells per bin along each axis" },
    },
}

-- Work-group sizes; 0 means the device's default (runtime/device.c's traits table).
local work_group = section {
    keys = {
        cells = { kind = one_or_three(integer("", nonnegative), "a non-negative integer or 3 of them"),
            default = { 0, 0, 0 }, doc = "per-cell kernels (Maxwell, guard exchange); each must divide the box" },
        particles = { kind = integer("a non-negative integer", nonnegative), default = 0,
            doc = "per-particle kernels (deposition_strategy global_atomics and local_tiles)" },
        tile = { kind = one_or_three(integer("", nonnegative), "a non-negative integer or 3 of them"),
            default = { 0, 0, 0 },
            doc = "cells of the tile one work-group deposits in local memory (deposition_strategy local_tiles); "
                .. "each must divide the box; 0: the whole box, halved until it fits the device's local memory" },
    },
}

-- The binomial filter on J, applied after the sum over box edges (WarpX: warpx.use_filter).
local filter = section {
    keys = {
        passes = { kind = one_or_three(integer("", nonnegative), "a non-negative integer or 3 of them"),
            default = { 0, 0, 0 }, doc = "passes of (1/4, 1/2, 1/4) along each axis; 0: none" },
    },
}

-- A byte count: a number of bytes, or text such as "4 GiB", "256 MiB", "512MB".
local SIZE_UNITS = { B = 1, KiB = 2 ^ 10, MiB = 2 ^ 20, GiB = 2 ^ 30, TiB = 2 ^ 40,
    kB = 1e3, KB = 1e3, MB = 1e6, GB = 1e9, TB = 1e12 }
local size_kind = { what = "a size such as \"4 GiB\", \"256 MiB\" or a number of bytes", check = function(v)
    if type(v) == "number" then
        if finite(v) and v >= 1 then return math.floor(v) end
        return nil
    end
    if type(v) ~= "string" then return nil end
    local num, unit = v:match("^%s*([%d%.eE+]+)%s*(%a*)%s*$")
    local n = tonumber(num or "")
    local scale = unit == "" and 1 or SIZE_UNITS[unit or ""]
    if not n or not scale or n * scale < 1 or n * scale > 2 ^ 62 then return nil end
    return math.floor(n * scale)
end }

local memory = section {
    keys = {
        device = { kind = size_kind, doc = "bytes the device arena may take (default: a share of the device's memory)" },
        pinned = { kind = size_kind, doc = "bytes of host-mapped staging memory for MPI (default 64 MiB)" },
    },
}

-- Rules that need several sections at once.
local function resolve_time_step(sim)
    local g, s = sim.grid, sim.solver
    local d = {}
    for a = 1, 3 do d[a] = (g.upper[a] - g.lower[a]) / g.cells[a] end
    local limit = SOLVERS[s.name].dt_limit(d[1], d[2], d[3])
    if s.dt then
        -- A relative margin for a dt computed in the script from the same formula.
        if s.dt > limit * (1 + 1e-12) then
            fail("solver.dt", string.format("%s s is above the %s stability limit on this grid; expected 0 < dt <= %s s",
                numtext(s.dt), s.name, numtext(limit)))
        end
        s.cfl = 0.0
    else
        s.dt = s.cfl * limit
    end
    s.dt_limit = limit
end

local function resolve_steps(sim)
    if sim.steps and sim.stop_time then fail("stop_time", "give steps or stop_time, not both") end
    if not sim.steps and not sim.stop_time then
        fail("steps", "missing; expected steps (a positive integer) or stop_time (s)")
    end
    if sim.stop_time then
        -- Within 1e-9 of a whole step counts as that step: stop_time = 100*dt gives 100.
        local n = math.ceil(sim.stop_time / sim.solver.dt - 1e-9)
        if n > 2 ^ 53 then
            fail("stop_time", string.format("%s s is %s steps of %s s; expected at most 2^53 steps",
                numtext(sim.stop_time), numtext(n), numtext(sim.solver.dt)))
        end
        sim.steps = math.max(1, math.tointeger(n))
    end
end

local function check_regions(sim)
    local g = sim.grid
    -- along a moving window's axis a region is where the plasma lies in the lab frame: ahead too
    local along = sim.moving_window and ({ x = 1, y = 2, z = 3 })[sim.moving_window.axis]
    for _, sp in ipairs(sim.species) do
        local r = sp.region
        if r then
            for a = 1, 3 do
                if a == along then goto next_axis end
                local tol = 1e-12 * (g.upper[a] - g.lower[a])
                for _, side in ipairs { "lower", "upper" } do
                    local v = r[side][a]
                    if v < g.lower[a] - tol or v > g.upper[a] + tol then
                        fail(join("species." .. sp.name .. ".region", side), string.format(
                            "region lies outside the domain along %s: %s = %s m; expected %s <= %s <= %s m (grid.lower to grid.upper)",
                            AXES[a], side, numtext(v), numtext(g.lower[a]), side, numtext(g.upper[a])))
                    end
                end
                ::next_axis::
            end
        end
    end
end

-- Each PML leaves room for the domain between them.
local function check_pml(sim)
    local b, g = sim.boundary, sim.grid
    for a = 1, 3 do
        local lo, hi = b.pml_cells[a][1], b.pml_cells[a][2]
        if lo + hi > 0 and lo + hi >= g.cells[a] then
            fail("boundary.pml_cells", string.format("along %s, PML layers of %d + %d cells fill the %d cells of the "
                .. "grid; expected fewer PML cells than grid cells", AXES[a], lo, hi, g.cells[a]))
        end
    end
end

-- The antenna of each laser lies on the grid's node plane nearest its position; the plane and
-- the magnetic plane half a cell behind it must be in the domain and outside the PMLs.
local function resolve_lasers(sim)
    local g, b = sim.grid, sim.boundary
    for _, l in ipairs(sim.lasers) do
        local key = l.key
        for a = 1, 3 do
            local tol = 1e-12 * (g.upper[a] - g.lower[a])
            local v = l.position[a]
            if v < g.lower[a] - tol or v > g.upper[a] + tol then
                fail(join(key, "position"), string.format("lies outside the domain along %s: %s m; expected %s <= "
                    .. "position.%s <= %s m", AXES[a], numtext(v), numtext(g.lower[a]), AXES[a], numtext(g.upper[a])))
            end
        end
        local a = l.axis + 1
        local dx = (g.upper[a] - g.lower[a]) / g.cells[a]
        local plane = math.floor((l.position[a] - g.lower[a]) / dx + 0.5)
        if b.field[a][1] == "periodic" then
            plane = plane % g.cells[a]
        else
            local first, last = 1 + b.pml_cells[a][1], g.cells[a] - 1 - b.pml_cells[a][2]
            if plane < first or plane > last then
                fail(join(key, "position"), string.format("the antenna plane along %s (node %d, at %.6g m) must lie at "
                    .. "least one cell inside the domain%s; expected position.%s between %.6g and %.6g m", AXES[a], plane,
                    g.lower[a] + plane * dx, (b.pml_cells[a][1] + b.pml_cells[a][2] > 0) and " and outside the PML" or "",
                    AXES[a], g.lower[a] + first * dx, g.lower[a] + last * dx))
            end
        end
        l.plane = math.tointeger(plane)
    end
end

-- Species named by full diagnostics exist; E, B, J expand to their components.
local function check_full_diagnostics(sim)
    local names = {}
    for _, sp in ipairs(sim.species) do names[#names + 1] = sp.name end
    local function known(name, key)
        for _, n in ipairs(names) do if n == name then return end end
        local guess = closest(name, names)
        fail(key, string.format("unknown species '%s'; %sexpected %s", name,
            guess and ("did you mean '" .. guess .. "'? ") or "",
            #names > 0 and ("one of " .. quoted_list(names)) or "no species (the input has none)"))
    end
    for _, d in ipairs(sim.diagnostics.full) do
        local key = "diagnostics.full." .. d.name
        d.interval, d.at = d.interval.every, d.interval.at
        if d.species == nil then
            d.species = {}
            for i, n in ipairs(names) do d.species[i] = n end
        end
        for _, n in ipairs(d.species) do known(n, join(key, "species")) end
        local want, rho_of = {}, {}
        for _, f in ipairs(d.fields) do
            local sp = f:match("^rho_(.+)$")
            if sp then
                known(sp, join(key, "fields"))
                rho_of[#rho_of + 1] = sp
            elseif #f == 1 then
                for _, a in ipairs { "x", "y", "z" } do want[f .. a] = true end
            else
                want[f] = true
            end
        end
        d.fields, d.species_rho = {}, rho_of
        for _, c in ipairs(FULL_COMPONENTS) do if want[c] then d.fields[#d.fields + 1] = c end end
        if #d.fields == 0 and #d.species_rho == 0 and #d.species == 0 then
            fail(key, "writes nothing; expected fields = {...} or species = {...}")
        end
        if sim.particle_ids == false and #d.species > 0 then
            fail(key, "writes particles (species defaults to every species), which needs their ids (the id "
                .. "record, the selection by stride), but particle_ids = false stores none; expected "
                .. "particle_ids = true, or species = {} here")
        end
    end
    local c = sim.checkpoint
    if c == nil then
        sim.checkpoint = { enabled = false, interval = 0, keep = 2, at_end = false }
        c = sim.checkpoint
    else
        c.enabled = true
        c.interval = c.interval or 0
    end
    c.dir = c.dir or (sim.diagnostics.output_dir .. "/checkpoints")
end

-- A bunch must lie whole in the domain, outside its PMLs (particles never enter one): its
-- positions reach truncate rms from the centroid.
local function check_beams(sim)
    local g, cells = sim.grid, sim.boundary.pml_cells
    for _, sp in ipairs(sim.species) do
        local b = sp.beam
        if b then
            for a = 1, 3 do
                local dx = (g.upper[a] - g.lower[a]) / g.cells[a]
                local inner_lo = g.lower[a] + (cells and cells[a][1] or 0) * dx
                local inner_hi = g.upper[a] - (cells and cells[a][2] or 0) * dx
                local lo, hi = b.centroid[a] - b.truncate * b.rms[a], b.centroid[a] + b.truncate * b.rms[a]
                if lo < inner_lo or hi > inner_hi then
                    fail(join("species." .. sp.name .. ".beam", "centroid"), string.format(
                        "the bunch reaches %s .. %s m along %s (centroid -+ truncate * rms), outside the domain%s %s .. %s m; "
                        .. "expected it inside (move the centroid, or lower rms or truncate)",
                        numtext(lo), numtext(hi), AXES[a], (inner_lo ~= g.lower[a] or inner_hi ~= g.upper[a])
                            and " between its PMLs" or "", numtext(inner_lo), numtext(inner_hi)))
                end
            end
        end
    end
end

-- The moving window (WarpX's warpx.do_moving_window): every time the distance it has moved
-- since `start` passes another cell, fields and particles shift by one cell towards the lower
-- face of `axis` and fresh plasma enters at the upper face (runtime/window.c).
local moving_window = section {
    keys = {
        axis = { kind = one_of("axis", AXES), required = true, doc = "the window moves towards upper along it" },
        speed = { kind = number("a positive number", positive), default = 1.0, doc = "in units of c" },
        start = { kind = number("a number >= 0", nonnegative), default = 0.0, doc = "s, when the window starts moving" },
    },
}

local function check_moving_window(sim)
    local w = sim.moving_window
    if not w then return end
    local a = ({ x = 1, y = 2, z = 3 })[w.axis]
    if sim.boundary.field[a][1] == "periodic" then
        fail("moving_window.axis", string.format("the window moves along %s, which is periodic; expected a "
            .. "non-periodic axis (e.g. boundary = { field = { %s = 'pec' } })", w.axis, w.axis))
    end
    -- a PML on the window's own faces would take in plasma at the front and its memory would
    -- not move with the fields: not written
    for side = 1, 2 do
        if sim.boundary.field[a][side] == "pml" then
            fail("boundary.field", string.format("a PML on the %s %s face, the moving window's axis, is not supported; "
                .. "expected 'pec' there (PMLs across the window's axis are fine)", side == 1 and "lower" or "upper", w.axis))
        end
    end
    -- an antenna is a plane of the grid, so it moves with the window: the window may start only
    -- once each Gaussian pulse has left it (its field envelope is exp(-9) at t_peak + 3 tau)
    for _, l in ipairs(sim.lasers or {}) do
        if l.tau and l.tau > 0 and w.start < l.t_peak + 3 * l.tau then
            fail("moving_window.start", string.format("%s s, while laser '%s' still emits until t_peak + 3 tau = %s s; "
                .. "an antenna moves with the window, so expected start >= %s s", numtext(w.start), l.name,
                numtext(l.t_peak + 3 * l.tau), numtext(l.t_peak + 3 * l.tau)))
        end
    end
end

-- Test-only switches (docs/bench.md): they make the generated program wrong on purpose, so
-- that the benchmark's correctness gate can be shown to catch a wrong variant.
-- Boxes over MPI ranks (mpirun -np N picl run input.lua); a run on one rank ignores it.
local parallel = section {
    keys = {
        distribution = { kind = one_of("distribution", { "sfc", "knapsack", "round_robin" }), default = "sfc",
            doc = "how boxes map to ranks: space-filling curve, knapsack on the estimated cost, or round robin" },
        balance_interval = { kind = integer("a non-negative integer", nonnegative), default = 0,
            doc = "steps between load-balancing checks from the measured cost per box; 0: never" },
        balance_threshold = { kind = number("a number in [0, 1)", function(v) return v >= 0 and v < 1 end), default = 0.1,
            doc = "redistribute when the imbalance (max over mean rank cost) drops by more than this fraction" },
        threads = { kind = integer("a non-negative integer", nonnegative), default = 0,
            doc = "CPU threads of each rank's OpenCL device (PoCL); 0: the node's cores shared among its ranks" },
    },
}

local debug_section = section {
    keys = {
        drop_term = { kind = one_of("term", { "none", "ampere_J" }), default = "none",
            doc = "TEST ONLY: 'ampere_J' drops -dt J/eps0 from Ampere's law" },
    },
}

-- Lasers: Gaussian pulses (or a profile expression) injected by an antenna plane, along an
-- axis (templates/laser.cl, docs/input.md). Each laser's literals are baked into its kernels.
local LASER_DIRECTIONS = { "+x", "-x", "+y", "-y", "+z", "-z" }
local GAUSSIAN_KEYS = { "a0", "E0", "waist", "tau", "fwhm", "t_peak", "focal_distance" }

local laser = section {
    keys = {
        name = { kind = name_kind("a name of letters, digits and _"), doc = "used in messages and --set",
            default = function(_, ctx) return "laser" .. ctx.list_index end },
        position = { kind = three(number(""), "3 numbers"), required = true,
            doc = "m, the point where the beam's axis crosses the antenna plane" },
        direction = { kind = one_of("direction", LASER_DIRECTIONS), required = true, doc = "of propagation, along an axis" },
        polarization = { kind = three(number(""), "3 numbers"), required = true,
            doc = "the direction of E, perpendicular to direction (normalized by picl)" },
        wavelength = { kind = number("a positive number", positive), doc = "m" },
        a0 = { kind = number("a positive number", positive), doc = "peak e E0 / (m_e c omega) at the focus" },
        E0 = { kind = number("a positive number", positive), doc = "V/m, peak field at the focus" },
        waist = { kind = number("a positive number", positive), doc = "m, w0: 1/e radius of the field at the focus" },
        tau = { kind = number("a positive number", positive),
            doc = "s, 1/e half-duration of the field envelope exp(-(t - t_peak)^2 / tau^2)" },
        fwhm = { kind = number("a positive number", positive), doc = "s, FWHM of the intensity envelope, instead of tau" },
        t_peak = { kind = number("a number"), doc = "s, when the envelope's peak crosses the plane through position" },
        focal_distance = { kind = number("a number"), doc = "m, from position to the focus along direction" },
        profile = { kind = expression("an expression string or a number"),
            doc = "V/m, E along polarization on the antenna plane, in x, y, z (m) and t (s); instead of the Gaussian" },
    },
    rules = {
        function(l, key, ctx)
            local axis = ({ x = 1, y = 2, z = 3 })[l.direction:sub(2)]
            l.axis, l.sign = axis - 1, l.direction:sub(1, 1) == "-" and -1 or 1
            local p, norm = l.polarization, 0
            for a = 1, 3 do norm = norm + p[a] * p[a] end
            norm = math.sqrt(norm)
            if norm == 0 or math.abs(p[axis]) > 1e-12 * norm then
                fail(join(key, "polarization"), string.format("%s is not perpendicular to direction %s; expected a "
                    .. "nonzero vector with %s = 0", repr(p), l.direction, AXES[axis]))
            end
            for a = 1, 3 do p[a] = p[a] / norm end
            p[axis] = 0.0
            if l.profile then
                for _, k in ipairs(GAUSSIAN_KEYS) do
                    if l[k] ~= nil then
                        fail(join(key, k), "the Gaussian's parameters do not go with profile; expected profile alone "
                            .. "(with wavelength for the antenna's phase velocity, optional)")
                    end
                end
                l.has_profile = true
                l.E0, l.a0, l.waist, l.tau, l.t_peak, l.focal_distance = 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
                l.wavelength = l.wavelength or 0.0
            else
                l.has_profile = false
                local needed = { { "wavelength", "a positive number (m)" }, { "waist", "a positive number (m, w0)" },
                    { "t_peak", "a number (s)" } }
                for _, n in ipairs(needed) do
                    if l[n[1]] == nil then
                        fail(join(key, n[1]), "missing; expected " .. n[2] .. " (or a profile expression instead of the Gaussian)")
                    end
                end
                if (l.a0 == nil) == (l.E0 == nil) then
                    fail(join(key, l.a0 and "E0" or "a0"), l.a0 and "give a0 or E0, not both"
                        or "missing; expected a0 (e E0 / (m_e c omega)) or E0 (V/m)")
                end
                if (l.tau == nil) == (l.fwhm == nil) then
                    fail(join(key, l.tau and "fwhm" or "tau"), l.tau and "give tau or fwhm, not both"
                        or "missing; expected tau (s, 1/e half-duration of the field) or fwhm (s, of the intensity)")
                end
                local omega = 2 * M.pi * M.c / l.wavelength
                local per_a0 = M.m_e * M.c * omega / M.q_e
                if l.a0 then l.E0 = l.a0 * per_a0 else l.a0 = l.E0 / per_a0 end
                -- intensity exp(-2 t^2 / tau^2) falls to one half at t = tau sqrt(ln 2 / 2)
                if l.fwhm then l.tau = l.fwhm / math.sqrt(2 * math.log(2)) end
                l.fwhm = l.tau * math.sqrt(2 * math.log(2))
                l.focal_distance = l.focal_distance or 0.0
            end
            l.where = ctx:where(key)
            l.key = key -- for the rules of the whole simulation, which name it as the input did
        end,
    },
}

local simulation = section {
    what = "a table {grid = ..., steps = ..., ...}",
    keys = {
        grid = { kind = grid, required = true, doc = "the domain" },
        boundary = { kind = boundary, default = {} },
        solver = { kind = solver, default = {} },
        steps = { kind = integer("a positive integer", positive), doc = "time steps" },
        stop_time = { kind = number("a positive number", positive), doc = "s; steps = ceil(stop_time/dt)" },
        precision = { kind = one_of("precision", { "float", "double" }), default = "double", doc = "of fields and particles" },
        shape_order = { kind = integer("an integer in 1..3", function(v) return v >= 1 and v <= 3 end),
            default = 3, doc = "particle shape order" },
        pusher = { kind = one_of("pusher", { "boris", "vay", "higuera_cary" }), default = "boris" },
        gather = { kind = one_of("gather", { "energy_conserving", "momentum_conserving" }), default = "energy_conserving" },
        deposition = { kind = one_of("deposition", { "esirkepov", "direct" }), default = "esirkepov" },
        deposition_strategy = { kind = one_of("deposition strategy", { "auto", "deterministic", "global_atomics", "local_tiles", "simd_cells" }),
            default = "auto", doc = "how the push walks particles and J is accumulated: auto is simd_cells on CPUs (deterministic where it does not apply), global_atomics on GPUs" },
        constants = { kind = constants_kind, default = {}, doc = "named numbers for expressions" },
        fields = { kind = fields, default = {}, doc = "initial fields" },
        species = { kind = list_of(species, "species", "species"), default = {} },
        lasers = { kind = list_of(laser, "laser", "lasers"), default = {}, doc = "laser antennas" },
        diagnostics = { kind = diagnostics, default = {} },
        checkpoint = { kind = checkpoint, doc = "checkpoints for --restart" },
        sort = { kind = sort, default = {}, doc = "particle sorting" },
        filter = { kind = filter, default = {}, doc = "smoothing of the current" },
        work_group = { kind = work_group, default = {}, doc = "work-group sizes" },
        memory = { kind = memory, default = {}, doc = "arena sizes" },
        parallel = { kind = parallel, default = {}, doc = "MPI ranks: distribution and load balancing" },
        debug = { kind = debug_section, default = {}, doc = "test-only switches" },
        tuning = { kind = boolean, default = true,
            doc = "take the settings left at auto from the device's tuning file (picl tune)" },
        moving_window = { kind = moving_window, doc = "a window that moves with the physics of interest" },
        progress_interval = { kind = integer("a positive integer", positive), default = 100,
            doc = "steps between progress lines when stderr is not a terminal" },
        particle_ids = { kind = boolean,
            doc = "store a 64-bit id per particle; default: when a full diagnostic writes particles" },
    },
    rules = { resolve_time_step, resolve_steps, check_regions, check_beams, check_moving_window, check_full_diagnostics,
        check_pml, resolve_lasers },
}

---------------------------------------------------------------------------------------------
-- Where a key was written. Lua tables carry no line numbers, so the input text is searched:
-- each part of the key in turn ("species", then "electrons" as a quoted name, then "density"),
-- each after the one before, comments blanked out. Failing that, the picl.simulation line.

local function strip_comments(text)
    local out, i, n = {}, 1, #text
    local function blank(s) return (s:gsub("[^\n]", " ")) end
    while i <= n do
        local c = text:sub(i, i)
        if c == "-" and text:sub(i + 1, i + 1) == "-" then
            local eq = text:match("^%[(=*)%[", i + 2)
            local stop
            if eq then
                stop = select(2, text:find("]" .. eq .. "]", i + 2, true)) or n
            else
                stop = (text:find("\n", i + 2, true) or n + 1) - 1
            end
            out[#out + 1] = blank(text:sub(i, stop))
            i = stop + 1
        elseif c == '"' or c == "'" then
            local j = i + 1
            while j <= n do
                local d = text:sub(j, j)
                if d == "\\" then j = j + 2
                elseif d == c or d == "\n" then break
                else j = j + 1 end
            end
            out[#out + 1] = text:sub(i, j)
            i = j + 1
        elseif c == "[" and text:match("^%[=*%[", i) then
            local eq = text:match("^%[(=*)%[", i)
            local stop = select(2, text:find("]" .. eq .. "]", i + 2, true)) or n
            out[#out + 1] = text:sub(i, stop)
            i = stop + 1
        else
            local j = text:find("[-\"'%[]", i + 1) or n + 1
            out[#out + 1] = text:sub(i, j - 1)
            i = j
        end
    end
    return table.concat(out)
end

local function escape(s) return (s:gsub("%W", "%%%0")) end

local function find_part(code, part, from)
    local at = code:find("%f[%w_]" .. escape(part) .. "%s*=[^=]", from)
    return at or code:find("[\"']" .. escape(part) .. "[\"']", from)
end

local function line_at(text, pos)
    local _, newlines = text:sub(1, pos - 1):gsub("\n", "")
    return newlines + 1
end

-- `nth`: which occurrence of the key's last part to take (a duplicate name is the second).
local function key_line(ctx, key, nth)
    local pos, found = 1, nil
    local parts = {}
    for part in key:gmatch("[^.]+") do parts[#parts + 1] = part end
    for i, part in ipairs(parts) do
        if not part:match("^%d+$") then
            local at = find_part(ctx.code, part, pos)
            -- The key itself may be written before its parent (local cells = {...}).
            if not at and i == #parts then at = find_part(ctx.code, part, 1) end
            for _ = 2, (i == #parts and nth or 1) do
                at = at and find_part(ctx.code, part, at + 1) or at
            end
            if at then pos, found = at, at end
        end
    end
    if found then return line_at(ctx.code, found) end
    return ctx.sim_line
end

-- "--set" for a key that a --set string gave (or lies inside one), else "FILE:LINE".
local function where(ctx, key, nth)
    for _, p in ipairs(ctx.set_paths) do
        if key == p or key:sub(1, #p + 1) == p .. "." then return "--set" end
    end
    return ctx.path .. ":" .. key_line(ctx, key, nth)
end

---------------------------------------------------------------------------------------------
-- --set KEY=VALUE, applied to the script's table before validation. The schema guides the
-- walk, so an unknown key is reported at the part that is wrong, with a close match.

local NIL = {} -- "--set key=nil" removes a key (e.g. steps, to give stop_time instead)

local function set_value(text)
    local trimmed = text:match("^%s*(.-)%s*$")
    if trimmed == "nil" then return NIL end
    -- Evaluated with nothing in scope: a bare word such as ckc is nil there, so it stays text.
    local f = load("return " .. trimmed, "=--set", "t", {})
    if f then
        local ok, v = pcall(f)
        if ok and v ~= nil then return v end
    end
    return trimmed
end

-- The table to walk into for a key of this kind, made from what is there.
local function as_table(v, kind)
    if kind.section and type(v) == "string" and kind.section.shorthand then
        return { [kind.section.shorthand] = v }
    end
    if type(v) ~= "table" then return {} end
    if kind.list and v[1] == nil and next(v) ~= nil then return { v } end
    return v
end

local function apply_set(ctx, input, s)
    local key, text = s:match("^%s*([^=]-)%s*=(.*)$")
    if not key or key == "" then
        fail("", string.format("'%s': expected key=value, e.g. steps=20 or solver.cfl=0.5", s), "--set")
    end
    local value = set_value(text)
    if value == NIL then value = nil end
    local parts = {}
    for part in (key .. "."):gmatch("([^.]*)%.") do parts[#parts + 1] = part end
    local kind, holder, canon = simulation, input, {}
    local function here() return table.concat(canon, ".") end
    for i, part in ipairs(parts) do
        local last = i == #parts
        local prefix = here()
        if kind.section then
            local spec = kind.section.keys[part]
            if not spec then fail(join(prefix, part), unknown_key(part, kind.section.keys), "--set") end
            canon[#canon + 1] = part
            if last then
                holder[part] = value
            else
                holder[part] = as_table(holder[part], spec.kind)
                holder, kind = holder[part], spec.kind
            end
        elseif kind.list then
            local index = tonumber(part) and math.tointeger(tonumber(part))
            local names = {}
            for j, item in ipairs(holder) do
                local name = type(item) == "table" and item.name
                if type(name) == "string" then
                    names[#names + 1] = name
                    if name == part then index = j end
                end
            end
            if not index or holder[index] == nil then
                local guess = closest(part, names)
                fail(join(prefix, part), string.format("no entry named '%s'; %sexpected one of %s, or a position 1..%d",
                    part, guess and ("did you mean '" .. guess .. "'? ") or "", quoted_list(names), #holder), "--set")
            end
            if last then
                holder[index] = value
                canon[#canon + 1] = part
            else
                holder[index] = as_table(holder[index], kind.elem)
                local item = holder[index]
                -- Name the entry as errors will: by its name if it has one, even when set by position.
                local named = type(item.name) == "string" and item.name:match(IDENT)
                canon[#canon + 1] = named and item.name or tostring(index)
                if parts[i + 1] == "name" and i + 1 == #parts and type(value) == "string" then
                    canon[#canon] = value
                end
                holder, kind = item, kind.elem
            end
        elseif kind.map then
            if not part:match(IDENT) then
                fail(join(prefix, part), "expected a constant name (letters, digits and _)", "--set")
            end
            if not last then
                fail(join(prefix, part), string.format("a constant is one number; expected --set %s=VALUE", join(prefix, part)), "--set")
            end
            holder[part] = value
            canon[#canon + 1] = part
        else
            fail(prefix, string.format("takes one whole value; expected --set %s=VALUE", prefix), "--set")
        end
    end
    ctx.set_paths[#ctx.set_paths + 1] = here()
end

---------------------------------------------------------------------------------------------
-- The sandbox input scripts run in: plain computation, reading files, and nothing that could
-- change the machine (no processes, no writing, no native code, no debug library).

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
        "assert", "pcall", "xpcall", "next", "rawget", "rawset", "rawequal", "rawlen", "setmetatable",
        "getmetatable", "collectgarbage", "_VERSION" } do
        env[name] = _G[name]
    end
    env.unpack = table.unpack
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
        return io.open(resolve(path), mode)
    end
    local function lines(path, ...)
        if type(path) ~= "string" then
            error("io.lines: expected a file name (input scripts do not read standard input)", 2)
        end
        return io.lines(resolve(path), ...)
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
        local f, err = io.open(resolve(path), "r")
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
    local chunk, msg = load(text, "@" .. path, "t", sandbox(public, path))
    if not chunk then return nil, msg end -- Lua's own "FILE:LINE: ..." syntax message
    local ok, ret = pcall(chunk)
    if not ok then
        if type(ret) == "string" then return nil, ret end
        return nil, path .. ": the script raised an error value of type " .. type(ret)
    end
    local sim = type(ret) == "table" and rawget(ret, SIMULATION)
    if not sim then
        return nil, string.format("%s: the script must end with `return picl.simulation{...}`; it returned %s",
            path, ret == nil and "nothing" or repr(ret))
    end

    local ctx = { path = path, code = strip_comments(text), limits = limits, set_paths = {}, where = where }
    if sim.call and sim.call.source == "@" .. path then
        ctx.sim_line = sim.call.line
    else
        local at = ctx.code:find("%f[%w_]simulation%s*[{(]")
        ctx.sim_line = at and line_at(ctx.code, at) or 1
    end

    local resolved
    ok, resolved = pcall(function()
        local input = deepcopy(sim.input)
        if type(input) ~= "table" then
            fail("", "picl.simulation expects a table {grid = {...}, steps = ..., ...}, got " .. repr(input))
        end
        for _, s in ipairs(sets) do apply_set(ctx, input, s) end
        return check_value({ kind = simulation }, input, "", ctx)
    end)
    if ok then return resolved end
    if type(resolved) ~= "table" or not resolved.picl_error then error(resolved, 0) end -- a bug here
    local e = resolved
    local at = e.where or (e.key == "" and ctx.path .. ":" .. ctx.sim_line) or ctx:where(e.key)
    if e.key == "" then return nil, at .. ": " .. e.msg end
    return nil, at .. ": " .. e.key .. ": " .. e.msg
end


---------------------------------------------------------------------------------------------
-- Benchmark specs (`picl bench SPEC.lua`, docs/bench.md): a base input, the axes to sweep
-- (any --set key, each with a list of values), restrictions, counts of steps. The script runs
-- in the same sandbox as an input; internal.bench expands it into variants, each a list of
-- --set strings that cfg_load applies to the base input, so a variant is checked exactly like
-- `picl run BASE --set ...` would check it.

local BENCH = {} -- private key: only picl.bench makes a table that has it

function M.bench(t)
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
function internal.bench(path, text, cli_sets, limits)
    if limits and limits.version then rawset(M, "version", limits.version) end
    local chunk, msg = load(text, "@" .. path, "t", sandbox(public, path))
    if not chunk then return nil, msg end
    local ok, ret = pcall(chunk)
    if not ok then
        if type(ret) == "string" then return nil, ret end
        return nil, path .. ": the script raised an error value of type " .. type(ret)
    end
    local spec = type(ret) == "table" and rawget(ret, BENCH)
    if type(spec) ~= "table" then
        return nil, string.format("%s: a benchmark spec must end with `return picl.bench{...}`; it returned %s",
            path, ret == nil and "nothing" or repr(ret))
    end
    local ctx = { path = path, code = strip_comments(text), set_paths = {}, where = where }
    local at = ctx.code:find("%f[%w_]bench%s*[{(]")
    ctx.sim_line = at and line_at(ctx.code, at) or 1
    local resolved
    ok, resolved = pcall(function()
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
                local fine, r = pcall(f, setmetatable({}, { __index = p, __newindex = function()
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

---------------------------------------------------------------------------------------------
-- Tuning files (`picl tune`, docs/bench.md): per device and problem class, the physics-neutral
-- settings that ran fastest there, and the device's measured limits, like CLBlast's database.
-- A file is Lua data: calls tuned{...} and limits{...}, one a line, run with nothing else in
-- reach; each call is checked against the sections below and an error names its line.

local text_kind = { what = "a string", check = function(v)
    if type(v) == "string" and #v < 256 then return v end
end }

local STRATEGIES = { "auto", "deterministic", "global_atomics", "local_tiles", "simd_cells" }

local tuned_entry = section {
    what = "a table {vendor = ..., device = ..., driver = ..., class = ..., ...}",
    keys = {
        vendor = { kind = text_kind, required = true, doc = "CL_DEVICE_VENDOR" },
        device = { kind = text_kind, required = true, doc = "CL_DEVICE_NAME" },
        driver = { kind = text_kind, required = true, doc = "CL_DRIVER_VERSION" },
        class = { kind = text_kind, required = true, doc = "precision/order N/ppc N" },
        work_group = { kind = work_group, default = {} },
        deposition_strategy = { kind = one_of("deposition strategy", STRATEGIES), default = "auto" },
        sort = { kind = sort, default = {} },
        ms_per_step = { kind = number("a non-negative number", nonnegative), default = 0, doc = "the winner's" },
        default_ms_per_step = { kind = number("a non-negative number", nonnegative), default = 0,
            doc = "picl's defaults'" },
        input = { kind = text_kind, default = "", doc = "the input tuned on" },
        date = { kind = text_kind, default = "" },
        picl = { kind = text_kind, default = "", doc = "picl's version" },
    },
}

local limits_entry = section {
    what = "a table {vendor = ..., device = ..., driver = ..., bandwidth_GBs = ..., ...}",
    keys = {
        vendor = { kind = text_kind, required = true, doc = "CL_DEVICE_VENDOR" },
        device = { kind = text_kind, required = true, doc = "CL_DEVICE_NAME" },
        driver = { kind = text_kind, required = true, doc = "CL_DRIVER_VERSION" },
        bandwidth_GBs = { kind = number("a positive number", positive), required = true, doc = "GB/s, triad" },
        double_GFlops = { kind = number("a non-negative number", nonnegative), default = 0, doc = "0: no fp64" },
        float_GFlops = { kind = number("a positive number", positive), required = true },
        date = { kind = text_kind, default = "" },
    },
}

-- Runs the tuning file at `path` (text `text`) and returns its entries in order, each with
-- `kind` ("tuned" or "limits") and `line`, or nil and one message "FILE:LINE: KEY: ...".
function internal.tuning(path, text, limits)
    local ctx = { path = path, limits = limits, where = function() return path end }
    local entries = {}
    local function entry(kind, sec)
        return function(t)
            local info = debug.getinfo(2, "l")
            local line = info and info.currentline or 0
            local ok, r = pcall(check_value, { kind = sec }, t, kind, ctx)
            if not ok then
                if type(r) == "table" and r.picl_error then error({ tuning_line = line, msg = r.key .. ": " .. r.msg }, 0) end
                error(r, 0)
            end
            r.kind, r.line = kind, line
            entries[#entries + 1] = r
        end
    end
    local chunk, msg = load(text, "@" .. path, "t", { tuned = entry("tuned", tuned_entry), limits = entry("limits", limits_entry) })
    if not chunk then return nil, msg .. " (a tuning file: lines tuned{...} and limits{...})" end
    local ok, err = pcall(chunk)
    if ok then return entries end
    if type(err) == "table" and err.tuning_line then
        return nil, string.format("%s:%d: %s", path, err.tuning_line, err.msg)
    end
    return nil, tostring(err) .. " (a tuning file holds only tuned{...} and limits{...} lines)"
end

return public, internal
