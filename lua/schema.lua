-- schema.lua: what an input may say. Every section of picl.simulation{...}, its keys, kinds,
-- defaults and the rules that relate them; the lists of names are base/config.h's enums.

local K = require("constants")
local text = require("text")
local check = require("check")
local diag_schema = require("diag_schema")
local boost = require("boost")
local numtext, float_literal, sorted_keys, repr = text.numtext, text.float_literal, text.sorted_keys, text.repr
local expected, closest, quoted_list, unknown_key = text.expected, text.closest, text.quoted_list, text.unknown_key
local fail, join, finite, number, integer = check.fail, check.join, check.finite, check.number, check.integer
local positive, nonnegative, nonzero, any = check.positive, check.nonnegative, check.nonzero, check.any
local three, one_or_three, one_of, AXES = check.three, check.one_or_three, check.one_of, check.AXES
local spatial, one_or_spatial, kept_axes = check.spatial, check.one_or_spatial, check.kept_axes
local boolean, IDENT, name_kind, path_kind = check.boolean, check.IDENT, check.name_kind, check.path_kind
local expression, section, entry_key, list_of = check.expression, check.section, check.entry_key, check.list_of
local check_value, names_list, known_species = check.check_value, check.names_list, check.known_species

local match = string.match -- as loaded, before any script ran (see check.lua)

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
    "clamp", "step", "smoothstep", "sign", "select", "exp10", "powr", "M_PI",
    -- a diagnostic filter's quantities, and types the generated program holds (base/ident.c)
    "ux", "uy", "uz", "gamma", "energy", "acc_real", "real4", "vreal", "vmask", "bool", "true", "false" } do
    RESERVED[n] = true
end

-- constants = {name = number, ...}: resolved into a list sorted by name.
local constants_kind = { what = "a table of name = number", map = true, check = function(v, key, ctx)
    if type(v) ~= "table" then return nil end
    local out = {}
    for _, name in ipairs(sorted_keys(v)) do
        if type(name) ~= "string" or not match(name, IDENT) then
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
-- The schema. Names listed here are the only ones accepted; their order is the order of
-- the enums in base/config.h.

-- The names of base/config.h's enums, in the order of its lists (tests/unit/test_luatab.c
-- compares them item for item), and the subsets that fields and particles take of the
-- boundaries, in the order their messages list them.
local NAMES = {
    precision = { "float", "double" },
    solver = { "yee", "ckc", "psatd", "electrostatic" },
    pusher = { "boris", "vay", "higuera_cary" },
    gather = { "energy_conserving", "momentum_conserving" },
    deposition = { "esirkepov", "direct" },
    grid_type = { "staggered", "collocated" },
    deposition_strategy = { "auto", "deterministic", "global_atomics", "local_tiles", "simd_cells" },
    boundary = { "periodic", "pec", "absorbing", "reflecting", "pml" },
    field_boundary = { "periodic", "pec", "pml" },
    particle_boundary = { "periodic", "absorbing", "reflecting" },
    distribution = { "sfc", "knapsack", "round_robin" },
    drop_term = { "none", "ampere_J" },
    full_field = { "Ex", "Ey", "Ez", "Bx", "By", "Bz", "Jx", "Jy", "Jz", "rho", "phi" }, -- enum field_comp order
    attribute = { "position", "momentum", "weighting", "id" },
    geometry = { "3d", "2d", "1d", "rz" },
}

-- Stability limits on the time step, in seconds, for cell sizes dx, dy, dz.
local SOLVERS = {
    -- Yee: the 3D Courant condition. 0.999 by default: at exactly 1 round-off can grow.
    yee = { cfl = 0.999, dt_limit = function(dx, dy, dz)
        return 1 / (K.c * math.sqrt(1 / dx ^ 2 + 1 / dy ^ 2 + 1 / dz ^ 2))
    end },
    -- Cole-Karkkainen-Cowan: stable up to c dt = min(dx), and free of dispersion along the
    -- axes exactly there, which is why one chooses it; so 1.0 by default.
    ckc = { cfl = 1.0, dt_limit = function(dx, dy, dz) return math.min(dx, dy, dz) / K.c end },
    -- PSATD: no stability limit (the update is exact in vacuum); the reference is WarpX's for
    -- PSATD (WarpXComputeDt.cpp: cfl * min(dx) / c, cfl 0.999 by default), and dt may exceed it.
    psatd = { cfl = 0.999, unlimited = true, dt_limit = function(dx, dy, dz) return math.min(dx, dy, dz) / K.c end },
    -- Electrostatic: no light waves, so no Courant limit; dt is the plasma's to choose (omega_p dt,
    -- a particle's cells per step). The reference is WarpX's (cfl * min(dx) / c) when dt is not given.
    electrostatic = { cfl = 0.999, unlimited = true,
        dt_limit = function(dx, dy, dz) return math.min(dx, dy, dz) / K.c end },
}

local PARTICLES = {
    electron = { charge = -K.q_e, mass = K.m_e },
    positron = { charge = K.q_e, mass = K.m_e },
    proton = { charge = K.q_e, mass = K.m_p },
}

-- A box (the grid, a region) whose upper corner must lie above its lower one on every axis.
local function lower_below_upper(t, key)
    for a = 1, 3 do
        if not (t.lower[a] < t.upper[a]) then
            fail(join(key, "upper"), string.format("upper must exceed lower on every axis: along %s, lower = %s m, upper = %s m",
                AXES[a], numtext(t.lower[a]), numtext(t.upper[a])))
        end
    end
end

-- Cells along one axis, at most (check_sizes has the other limits): checked before max_box must
-- divide cells, so math.maxinteger cells are told as too many rather than as a bad max_box.
local AXIS_CELLS = 2 ^ 30
local function axis_cells_fit(g, a, key)
    if g.cells[a] > AXIS_CELLS then
        fail(key, string.format("%s cells along %s; expected at most 2^30 = %s per axis",
            numtext(g.cells[a]), AXES[a], numtext(AXIS_CELLS)))
    end
end

local grid = section {
    what = "a table {cells = ..., lower = ..., upper = ...}",
    keys = {
        -- per axis of the geometry; a dropped axis is one cell from -0.5 to 0.5 m (docs/geometry.md)
        cells = { kind = spatial(integer("a positive integer", positive), "3 positive integers", 1), required = true, doc = "cells per axis" },
        lower = { kind = spatial(number("a number"), "3 numbers", -0.5), required = true, doc = "m, lower corner of the domain" },
        upper = { kind = spatial(number("a number"), "3 numbers", 0.5), required = true, doc = "m, upper corner of the domain" },
        max_box = { kind = one_or_spatial(integer("a positive integer", positive), "a positive integer or 3 of them", 1),
            doc = "cells per box along each axis, dividing cells",
            default = function(g) return { g.cells[1], g.cells[2], g.cells[3] } end },
    },
    rules = {
        lower_below_upper,
        -- A cell side within [1e-12, 1e12] m, so that dt, c dt / dx and the deposit's 1 / dx^3
        -- stay finite and inside single precision (docs/input.md, "Bounds on values").
        -- (too many cells first: math.maxinteger cells are told as such, not as a tiny cell)
        function(g, key)
            for a = 1, 3 do
                axis_cells_fit(g, a, join(key, "cells"))
                local dx = (g.upper[a] - g.lower[a]) / g.cells[a]
                if not (dx >= 1e-12 and dx <= 1e12) then
                    fail(join(key, "upper"), string.format("the cell size along %s is %s m ((upper - lower) / cells); "
                        .. "expected 1e-12 .. 1e12 m", AXES[a], numtext(dx)))
                end
            end
        end,
        -- A box larger than the domain just means one box along that axis (2D runs: cells z = 1).
        function(g, key)
            for a = 1, 3 do
                axis_cells_fit(g, a, join(key, "cells"))
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
local FIELD_BOUNDARIES = NAMES.field_boundary
local PARTICLE_BOUNDARIES = NAMES.particle_boundary
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
    local faces3 = { what = one.what .. " for every face, or per axis {x, y, z} or {x = ..., y = ..., z = ...}, "
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
    -- 2D and 1D: entries for the kept axes only ({x, z}, {x = ..., z = ...}; {z} in 1D), the
    -- dropped axes periodic (they have no faces: docs/geometry.md)
    return { what = faces3.what, check = function(v, key, ctx)
        local axes = kept_axes(ctx)
        if #axes == 3 then return faces3.check(v, key, ctx) end
        local full = { missing, missing, missing }
        if type(v) ~= "table" then
            full = { v, v, v }
        elseif v[1] ~= nil then
            local n = 0
            for _ in pairs(v) do n = n + 1 end
            if n ~= #axes then
                return nil, string.format("expected a list of %d entries (%s) in geometry = \"%s\", got %s", #axes,
                    #axes == 2 and "x, z" or "z", ctx.geometry, repr(v))
            end
            for i, a in ipairs(axes) do full[a] = v[i] end
        else
            local kept = {}
            for _, a in ipairs(axes) do kept[AXES[a]] = a end
            for k in pairs(v) do
                if not kept[k] then
                    return nil, string.format("axis %s is not one of geometry = \"%s\"; expected keys %s", repr(k),
                        ctx.geometry, #axes == 2 and "x, z" or "z")
                end
                full[kept[k]] = v[k]
            end
        end
        local out = {}
        for a = 1, 3 do
            local dropped = true
            for _, k in ipairs(axes) do dropped = dropped and k ~= a end
            if dropped then
                local p = one.check("periodic", key, ctx)
                out[a] = { p or 0, p or 0 }
            else
                local r, why = axis(full[a], key, ctx, a)
                if r == nil then return nil, why end
                out[a] = r
            end
        end
        return out
    end }
end

local function faces_kind(noun, names) return faces_of(one_of(noun, names), "periodic") end

-- Without one of the two, it follows the other: a periodic axis stays periodic, a pec or pml
-- face absorbs particles, and an absorbing or reflecting face is a pec face for the fields.
-- pml_cells: the thickness of each PML (one number for every PML face, or per axis and face as
-- `field`); resolved to 0 on the faces that have no PML.
-- A value per face, {{x lower, x upper}, {y ...}, {z ...}}, of f(axis, side).
local function each_face(f)
    local out = {}
    for a = 1, 3 do
        out[a] = { f(a, 1), f(a, 2) }
    end
    return out
end

local boundary = section {
    keys = {
        field = { kind = faces_kind("boundary", FIELD_BOUNDARIES), doc = "field boundary per face",
            default = function(b)
                return each_face(function(a, side)
                    local p = b.particles and b.particles[a][side] or "periodic"
                    return p == "periodic" and "periodic" or "pec"
                end)
            end },
        particles = { kind = faces_kind("boundary", PARTICLE_BOUNDARIES), doc = "particle boundary per face",
            default = function(b)
                return each_face(function(a, side)
                    return b.field[a][side] == "periodic" and "periodic" or "absorbing"
                end)
            end },
        pml_cells = { kind = faces_of(integer("a positive integer", positive), PML_CELLS_DEFAULT),
            default = PML_CELLS_DEFAULT, doc = "cells of each PML layer" },
        pml_outside = { kind = boolean, default = false,
            doc = "lay the PMLs beyond grid.lower and grid.upper (WarpX's default) rather than inside the domain" },
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
            if raw.pml_outside ~= nil and not any then
                fail(join(key, "pml_outside"), "given, but no face has field = \"pml\"; expected pml_outside only with a PML")
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

-- The electrostatic solver's potential on each non-periodic face, potential_<axis>_<lo|hi>: one
-- list for the keys, the rule that refuses them with another solver and check_electrostatic.
local POTENTIAL_KEYS = {}
for _, a in ipairs(AXES) do
    for _, side in ipairs({ "lo", "hi" }) do POTENTIAL_KEYS[#POTENTIAL_KEYS + 1] = "potential_" .. a .. "_" .. side end
end

local function with_potentials(keys)
    for _, k in ipairs(POTENTIAL_KEYS) do
        local a, side = match(k, "^potential_(%a)_(%a+)$")
        keys[k] = { kind = expression("a number or an expression string in t (s)"),
            doc = string.format("electrostatic only: V on the %s %s face (non-periodic), 0 by default (WarpX's "
                .. "warpx.potential_%s_%s)", side, a, side, a) }
    end
    return keys
end

local solver = section {
    what = "a solver name or a table {name = ..., cfl = ...}",
    shorthand = "name",
    keys = with_potentials {
        name = { kind = one_of("solver", NAMES.solver), default = "yee", doc = "Maxwell solver" },
        cfl = { kind = number("a number in (0, 1]", function(v) return v > 0 and v <= 1 end),
            doc = "fraction of the solver's stability limit on dt",
            default = function(s) if s.dt == nil then return SOLVERS[s.name].cfl end end },
        dt = { kind = number("a positive number", positive), doc = "s, instead of cfl" },
        v_galilean = { kind = three(number("a number", any), "3 numbers"), default = function() return { 0, 0, 0 } end,
            doc = "PSATD only: the Galilean velocity in units of c, {0, 0, vz} (WarpX's psatd.v_galilean; docs/psatd.md)" },
        grid = { kind = one_of("solver.grid", NAMES.grid_type), default = "staggered",
            doc = "where E, B and J sit: Yee's staggering, or \"collocated\" (all at the nodes; PSATD only, WarpX's "
                .. "warpx.grid_type; docs/psatd.md)" },
        update_with_rho = { kind = boolean, default = false,
            doc = "PSATD only: take rho deposited at the start and the end of the step instead of rho from "
                .. "Gauss's law and continuity (WarpX's psatd.update_with_rho; docs/psatd.md)" },
        required_precision = { kind = number("a number in (0, 1)", function(v) return v > 0 and v < 1 end),
            doc = "electrostatic only: the Poisson solve stops at |r| <= required_precision |b| (WarpX's "
                .. "warpx.self_fields_required_precision; docs/electrostatic.md); default 1e-10, 1e-5 with precision = \"float\"" },
        max_iterations = { kind = integer("a positive integer", positive),
            default = 10000, doc = "electrostatic only: the conjugate-gradient iterations a solve may take before the run fails" },
        current_correction = { kind = boolean,
            doc = "PSATD only: correct J in k-space so that it satisfies the continuity equation with rho deposited "
                .. "at the start and the end of the step (WarpX's psatd.current_correction; docs/psatd.md); "
                .. "default: on with PSATD and direct deposition, as WarpX" },
    },
    rules = {
        function(s, key)
            if s.dt and s.cfl then fail(join(key, "dt"), "give cfl or dt, not both") end
            if s.name ~= "electrostatic" then
                for _, k in ipairs({ "required_precision", table.unpack(POTENTIAL_KEYS) }) do
                    if s[k] ~= nil then
                        fail(join(key, k), string.format("given with solver \"%s\"; it is the electrostatic solver's, "
                            .. "expected solver = { name = \"electrostatic\" }", s.name))
                    end
                end
            end
            if s.update_with_rho and s.name ~= "psatd" then
                fail(join(key, "update_with_rho"), string.format("true with solver \"%s\"; the rho form is PSATD's, "
                    .. "expected solver = { name = \"psatd\", update_with_rho = true }", s.name))
            end
            if s.current_correction and s.name ~= "psatd" then
                fail(join(key, "current_correction"), string.format("true with solver \"%s\"; the correction is "
                    .. "made in PSATD's k-space, expected solver = { name = \"psatd\", current_correction = true }",
                    s.name))
            end
            -- Yee's and CKC's finite differences take E and B half a cell apart: they have no collocated form
            if s.grid == "collocated" and s.name ~= "psatd" then
                fail(join(key, "grid"), string.format("\"collocated\" with solver \"%s\", whose finite differences need "
                    .. "the staggered (Yee) grid; expected solver = { name = \"psatd\", grid = \"collocated\" } "
                    .. "or grid = \"staggered\"", s.name))
            end
            local v = s.v_galilean
            if v[1] ~= 0 or v[2] ~= 0 or v[3] ~= 0 then
                if s.name ~= "psatd" then
                    fail(join(key, "v_galilean"), string.format("given with solver \"%s\"; the Galilean scheme is PSATD's, "
                        .. "expected solver = { name = \"psatd\", v_galilean = {0, 0, vz} }", s.name))
                end
                if v[1] ~= 0 or v[2] ~= 0 or not (math.abs(v[3]) < 1) then
                    fail(join(key, "v_galilean"), string.format("{%s, %s, %s}; expected {0, 0, vz} with abs(vz) < 1 "
                        .. "(units of c, along z as the boost)", numtext(v[1]), numtext(v[2]), numtext(v[3])))
                end
            end
        end,
    },
}

local region = section {
    keys = {
        lower = { kind = spatial(number("a number"), "3 numbers", -0.5), required = true, doc = "m" },
        upper = { kind = spatial(number("a number"), "3 numbers", 0.5), required = true, doc = "m" },
    },
    rules = {
        lower_below_upper,
    },
}

local PARTICLE_NAMES = { "electron", "positron", "proton" }

-- ppc: one number for every axis or one per axis of the geometry; in RZ also {n_r, n_theta, n_z},
-- the angles per (r, z) position given. Without them RZ's middle entry is 0, which check_rz
-- makes 4 M (docs/rz.md, "Loading").
local ppc_kind = (function()
    local positive_int = integer("a positive integer", positive)
    local axes = one_or_spatial(positive_int, "a positive integer or 3 of them", 1)
    local rz = one_or_spatial(positive_int, "a positive integer or 3 of them", 0)
    return { what = "a positive integer or 3 of them",
        check = function(v, key, ctx)
            if not (ctx and ctx.geometry == "rz") then return axes.check(v, key, ctx) end
            if type(v) == "table" and #v == 3 then
                local out = {}
                for i = 1, 3 do
                    out[i] = positive_int.check(v[i], key, ctx)
                    if out[i] == nil then return nil, "expected {n_r, n_theta, n_z}, each a positive integer" end
                end
                return out
            end
            return rz.check(v, key, ctx)
        end }
end)()

-- A momentum profile (u_drift, u_th): one value for every axis or three, each a number or an
-- expression string in x, y, z (m) that the generator makes an inline function of, as for
-- density. Component i of KEY is the expression KEY.i, so a message names its axis; numbers
-- stay numbers, and the generator writes them as literals, as before.
local function momentum_profile(number_ok, what)
    local function component(v, key, ctx)
        if type(v) == "string" then return expression(what).check(v, key, ctx) end
        if finite(v) and number_ok(v) then return v + 0.0 end
    end
    return { what = what, check = function(v, key, ctx)
        if type(v) ~= "table" then
            local out = {}
            for i = 1, 3 do
                out[i] = component(v, join(key, i), ctx)
                if out[i] == nil then return nil end
            end
            return out
        end
        local count = 0
        for _ in pairs(v) do count = count + 1 end
        if count ~= 3 then return nil end
        local out = {}
        for i = 1, 3 do
            local why
            out[i], why = component(v[i], join(key, i), ctx)
            if out[i] == nil then return nil, why end
        end
        return out
    end }
end

-- A Gaussian particle beam (a bunch): instead of a density, a total charge shared by a given
-- number of macro-particles drawn around a centroid (runtime: particle_beam.cl). Positions are
-- drawn within `truncate` rms of the centroid, so the bunch lies whole in the domain and its
-- charge is exact; the generator rescales the truncated Gaussian to the requested rms.
-- RZ's particles are Cartesian, x and y from the axis (docs/rz.md), and so is a bunch: its
-- position vectors take x, y, z there, not the grid's (r, z).
local function cartesian_in_rz(kind, rz_kind)
    return { what = kind.what, check = function(v, key, ctx)
        if not (ctx and ctx.geometry == "rz") then return kind.check(v, key, ctx) end
        local out = rz_kind.check(v, key, ctx)
        if out == nil then return nil, string.format("expected %s (x, y, z) in geometry = \"rz\": a bunch is "
            .. "Cartesian there, as RZ's particles", rz_kind.what) end
        return out
    end }
end

local beam = section {
    keys = {
        total_charge = { kind = number("a nonzero number", nonzero), required = true,
            doc = "C, the bunch's charge, with the sign of the particle's" },
        particles = { kind = integer("a positive integer", positive), required = true, doc = "macro-particles" },
        centroid = { kind = cartesian_in_rz(spatial(number("a number"), "3 numbers", 0), three(number("a number"), "3 numbers")),
            required = true, doc = "m, the bunch's centre (x, y, z in RZ)" },
        rms = { kind = cartesian_in_rz(one_or_spatial(number("a positive number", positive), "a positive number or 3 of them", 0),
                one_or_three(number("a positive number", positive), "a positive number or 3 of them")), required = true,
            doc = "m, rms size along each axis (x, y, z in RZ)" },
        axis = { kind = one_of("axis", AXES), default = "z", doc = "the direction of the mean momentum" },
        gamma = { kind = number("a number >= 1", function(v) return v >= 1 end), doc = "mean Lorentz factor" },
        u = { kind = number("a number", any), doc = "mean gamma*v/c along the axis, instead of gamma" },
        energy_spread = { kind = number("a number >= 0", nonnegative), default = 0,
            doc = "rms of u along the axis over its mean (about the rms of gamma over gamma when gamma >> 1)" },
        u_th = { kind = one_or_three(number("", nonnegative), "a number >= 0 or 3 of them"), default = 0,
            doc = "gamma*v/c, rms spread per axis" },
        divergence = { kind = cartesian_in_rz(spatial(number("a number"), "3 numbers", 0), three(number("a number"), "3 numbers")),
            default = function() return { 0, 0, 0 } end,
            doc = "1/m per axis: gamma*v/c grows by divergence * (x - centroid) (PICMI's velocity_divergence / c)" },
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

-- Particles read from an openPMD file (runtime/pfile.c): positions, momenta and weights of
-- species `species` at `iteration`, shifted by `offset`; only those inside `region` (if given)
-- are kept. The file is read when the run starts, so the path is that of the working folder.
local text_kind = check.path_of("a nonempty string")

local from_file = section {
    keys = {
        path = { kind = text_kind, required = true, doc = "the openPMD HDF5 file, from the working folder" },
        species = { kind = text_kind, required = true, doc = "the particle species' name in the file" },
        iteration = { kind = integer("an integer >= 0", nonnegative), default = 0, doc = "the file's iteration" },
        offset = { kind = spatial(number("a number"), "3 numbers", 0), default = function() return { 0, 0, 0 } end, -- resolved, as spatial() gives it
            doc = "m, added to every position" },
        region = { kind = region, doc = "m, keep only particles inside (after the offset)" },
    },
}

-- A few particles listed in the input (PICMI's ParticleListDistribution), each a position (m),
-- u = gamma v / c and a weight (physical particles per macro-particle); the runtime loads them
-- as a file's particles (runtime/pfile.c), in the list's order, their ids their indices from 0.
local MAX_LISTED = 64 -- CFG_MAX_LIST of base/config.h
local listed_particle = section {
    keys = {
        position = { kind = spatial(number("a number"), "3 numbers", 0), required = true, doc = "m" },
        u = { kind = three(number("a number", any), "3 numbers"), default = function() return { 0, 0, 0 } end,
            doc = "gamma*v/c" },
        weight = { kind = number("a positive number", positive), required = true,
            doc = "physical particles per macro-particle" },
    },
}
local particle_list = { what = "a list of 1 to " .. MAX_LISTED .. " particles {position = ..., u = ..., weight = ...}",
    check = function(v, key, ctx)
        if type(v) ~= "table" or #v < 1 then return nil end
        for _, k in ipairs(sorted_keys(v)) do
            if math.type(k) ~= "integer" or k < 1 or k > #v then return nil end
        end
        if #v > MAX_LISTED then
            return nil, string.format("%d particles; expected at most %d (a file, from_file, for more)", #v, MAX_LISTED)
        end
        local out = {}
        for i, item in ipairs(v) do out[i] = check_value({ kind = listed_particle }, item, join(key, i), ctx) end
        return out
    end }

-- Flux injection (runtime/flux.c, WarpX's NFluxPerCell): per_cell macro-particles per cell of
-- the face per step enter the domain, drawn from the flux v_n f(u) of the species' Maxwellian
-- (u_drift, u_th) or Maxwell-Juttner (a temperature) of the given density (a number, or an
-- expression taken where and when each particle crosses the face).
local flux = section {
    keys = {
        face = { kind = one_of("face", { "-x", "+x", "-y", "+y", "-z", "+z" }), required = true,
            doc = "the domain face particles enter through: -x enters at grid.lower x, moving towards +x" },
        per_cell = { kind = integer("a positive integer", positive), required = true,
            doc = "macro-particles injected per cell of the face per step" },
        density = { kind = expression("a positive number or an expression string in x, y, z (m) and t (s)", positive),
            required = true, doc = "m^-3, of the distribution outside whose flux enters" },
    },
}

-- A species whose particles are made another way (a flux, a file, a beam) takes none of the
-- plasma's keys in `keys`; the runtime still reads ppc and density, so they get neutral values.
local plasma_keys = { "density", "ppc", "region", "u_drift", "u_th", "temperature", "kT", "distribution" }
local function made_elsewhere(s, key, keys, what, why)
    for _, k in ipairs(keys) do
        if s[k] ~= nil then fail(join(key, k), string.format("a %s takes no %s; %s", what, k, why)) end
    end
    s.ppc = { 1, 1, 1 }
    s.density = nil
end

-- Field ionization (gen/ionization.c, templates/ionize.cl, docs/input.md "Field ionization"):
-- an ion species of `element` whose particles start in charge state `initial_level` and are
-- ionized by the ADK tunnelling rate, each event adding an electron to species `product`.
local ELEMENTS = require("elements")
local ELEMENT_SYMBOLS, ELEMENT_OF = {}, {}
for _, e in ipairs(ELEMENTS) do
    ELEMENT_SYMBOLS[#ELEMENT_SYMBOLS + 1] = e.symbol
    ELEMENT_OF[e.symbol] = e
end
local ATOMIC_MASS_UNIT = 1.66053906660e-27 -- kg, CODATA 2018
local ionization = section {
    keys = {
        element = { kind = one_of("element", ELEMENT_SYMBOLS), required = true,
            doc = "chemical symbol, H .. Kr" },
        initial_level = { kind = integer("an integer >= 0", nonnegative), default = 0,
            doc = "charge state the particles start in, 0 .. Z - 1" },
        product = { kind = name_kind("a species name"), required = true,
            doc = "the electron species each ionization event adds to" },
        model = { kind = one_of("ionization model", { "adk" }), default = "adk",
            doc = "adk: Ammosov-Delone-Krainov tunnelling with the PPT prefactor" },
    },
}

-- An ionizable species' charge and mass follow from its element: charge e per charge state
-- (a particle's charge is its level times e), so neither particle nor charge is given (a charge,
-- if given, must be initial_level x e); mass the element's standard atomic weight x u unless
-- given. Only a plasma (density and ppc) can be ionizable.
local function ionizable_species(s, key)
    local io = s.ionization
    if not io then return end
    local k = join(key, "ionization")
    local e = ELEMENT_OF[io.element]
    if io.initial_level >= e.z then
        fail(join(k, "initial_level"), string.format("%d; %s has Z = %d, so expected an integer in 0..%d",
            io.initial_level, io.element, e.z, e.z - 1))
    end
    if s.particle then
        fail(join(key, "particle"), "an ionizable species takes no particle: its charge is its charge state x e "
            .. "and its mass that of ionization.element (give mass to change it)")
    end
    if s.charge and math.abs(s.charge - io.initial_level * K.q_e) > 1e-6 * K.q_e then
        fail(join(key, "charge"), string.format("%s C, while ionization.initial_level = %d makes it %s C; expected "
            .. "no charge (it follows from the charge state)", numtext(s.charge), io.initial_level,
            numtext(io.initial_level * K.q_e)))
    end
    for _, other in ipairs { "beam", "from_file", "flux", "particles" } do
        if s[other] then
            fail(join(key, other), "an ionizable species is a plasma (density and ppc) in this version of picl; "
                .. "expected no " .. other .. " beside ionization")
        end
    end
    if s.frozen then
        fail(join(key, "frozen"), "an ionizable species is pushed (its charge changes); expected frozen = false")
    end
    s.charge = K.q_e -- per charge state: the kernels multiply by each particle's level
    s.mass = s.mass or e.weight * ATOMIC_MASS_UNIT
    io.z = e.z
end

local species = section {
    keys = {
        name = { kind = name_kind("a name of letters, digits and _"), required = true, doc = "used in output names and --set" },
        particle = { kind = one_of("particle", PARTICLE_NAMES), doc = "sets charge and mass" },
        charge = { kind = number("a nonzero number", nonzero), doc = "C, per physical particle" },
        mass = { kind = number("a positive number", positive), doc = "kg, per physical particle" },
        density = { kind = expression("a number >= 0 or an expression string", nonnegative), doc = "m^-3" },
        region = { kind = region, doc = "m, where particles start" },
        ppc = { kind = ppc_kind, doc = "particles per cell along each axis; RZ: {n_r, n_z} or {n_r, n_theta, n_z}" },
        u_drift = { kind = momentum_profile(any, "a number or 3 numbers (each may be an expression string in x, y, z)"),
            doc = "gamma*v/c; default 0" },
        u_th = { kind = momentum_profile(nonnegative, "a number >= 0 or 3 of them (each may be an expression string in x, y, z)"),
            doc = "gamma*v/c, Gaussian spread per axis; default 0" },
        temperature = { kind = expression("a number >= 0 or an expression string", nonnegative),
            doc = "eV, kT of a thermal spread (instead of u_th)" },
        kT = { kind = expression("a number >= 0 or an expression string", nonnegative),
            doc = "J, instead of temperature" },
        distribution = { kind = one_of("distribution", { "maxwell_juttner", "maxwellian" }),
            doc = "of temperature: maxwell_juttner (default, relativistic) or maxwellian (Gaussian u, as u_th)" },
        beam = { kind = beam, doc = "a Gaussian bunch instead of density and ppc" },
        from_file = { kind = from_file, doc = "particles read from an openPMD file instead of density and ppc" },
        particles = { kind = particle_list, doc = "a few particles listed here instead of density and ppc" },
        flux = { kind = flux, doc = "particles entering through a face every step instead of density and ppc" },
        ionization = { kind = ionization, doc = "field ionization: element, initial_level, product electron species" },
        -- Each species draws from its own stream unless told otherwise.
        seed = { kind = integer("an integer >= 0", nonnegative), doc = "random stream",
            default = function(_, ctx) return ctx.list_index end },
        frozen = { kind = boolean, default = false, doc = "true: never pushed, deposits no current" },
        deposit = { kind = boolean, default = true, doc = "false: pushed, but deposits neither current nor rho" },
    },
    rules = {
        ionizable_species,
        -- A plasma (density, ppc, ...) or a beam, never both; the runtime reads ppc and the
        -- momentum keys of every species, so a beam gets neutral values for them.
        function(s, key)
            if s.beam and s.from_file then fail(join(key, "from_file"), "give beam or from_file, not both") end
            if s.particles and (s.beam or s.from_file) then
                fail(join(key, "particles"), "give particles, beam or from_file, one of them")
            end
            if s.flux and (s.beam or s.from_file or s.particles) then
                fail(join(key, "flux"), "give flux, beam or from_file, one of them")
            end
            if s.flux then
                -- a temperature as the Maxwellian (u_th = sqrt(kT / m c^2)) or the Maxwell-Juttner
                -- (flux.theta = kT / m c^2), set once the mass is known
                local t = s.temperature ~= nil and "temperature" or (s.kT ~= nil and "kT")
                if t and s[t].value == nil then -- an expression (a number's table has its value)
                    fail(join(key, t), "a flux species takes numbers only (its flux is computed once)")
                end
                made_elsewhere(s, key, { "density", "ppc", "region" }, "flux species", "its particles enter through "
                    .. "flux.face with flux.density and the distribution of u_drift and u_th or a temperature (numbers)")
                for _, k in ipairs { "u_drift", "u_th" } do
                    for _, v in ipairs(s[k] or {}) do
                        if type(v) ~= "number" then
                            fail(join(key, k), "a flux species takes numbers only (its flux is computed once)")
                        end
                    end
                end
            elseif s.from_file then
                made_elsewhere(s, key, plasma_keys, "species from_file", "its particles' positions, momenta and "
                    .. "weights come from the file (from_file.region filters them)")
            elseif s.particles then
                made_elsewhere(s, key, plasma_keys, "species with particles", "its particles' positions, momenta "
                    .. "and weights are listed")
            elseif s.beam then
                made_elsewhere(s, key, plasma_keys, "beam species", "expected beam = {...} alone (its particles, rms "
                    .. "and momentum spread are beam keys)")
            else
                if s.density == nil then
                    fail(join(key, "density"), "missing; expected a number >= 0 or an expression string (m^-3), "
                        .. "or beam = {...} for a bunch, or from_file = {...}")
                end
                if s.ppc == nil then fail(join(key, "ppc"), "missing; expected a positive integer or 3 of them") end
            end
            -- A temperature (eV, or kT in J) instead of u_th; its distribution only with one.
            if s.temperature and s.kT then fail(join(key, "kT"), "give temperature (eV) or kT (J), not both") end
            local t_key = s.temperature and "temperature" or (s.kT and "kT")
            if t_key and s.u_th then
                fail(join(key, t_key), string.format("the thermal spread is given twice (%s and u_th); expected one of them", t_key))
            end
            if s.distribution and not t_key then
                fail(join(key, "distribution"), "a distribution needs a temperature (eV) or kT (J)")
            end
            if t_key then
                s.distribution = s.distribution or "maxwell_juttner"
                s.kT_unit = s.temperature and K.q_e or 1.0 -- J per unit of the key
                s.kT = s.temperature or s.kT
                s.temperature = nil
            else
                s.distribution = "none"
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
            if s.flux and s.distribution == "maxwellian" then -- u_th per axis, the same Gaussian
                local u = math.sqrt(s.kT.value * s.kT_unit / (s.mass * K.c * K.c))
                s.u_th, s.distribution, s.kT = { u, u, u }, "none", nil
            end
            if s.flux and s.distribution == "maxwell_juttner" then -- the flux's rate is computed from it
                s.flux.theta = s.kT.value * s.kT_unit / (s.mass * K.c * K.c)
            end
            s.where = ctx:where(key)
            if s.from_file then s.from_file.where = ctx:where(join(key, "from_file")) end
            if s.particles then s.particles_where = ctx:where(join(key, "particles")) end
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
local FULL_FIELDS = { "E", "B", "J", "rho", "phi", "Ex", "Ey", "Ez", "Bx", "By", "Bz", "Jx", "Jy", "Jz" }
local FULL_COMPONENTS = NAMES.full_field
local FULL_ATTRIBUTES = NAMES.attribute

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
        particle_fraction = { kind = number("a number in (0, 1]", function(v) return v > 0 and v <= 1 end), default = 1,
            doc = "write each particle with this probability, drawn once from its id and the seed" },
        particle_seed = { kind = integer("an integer >= 0", nonnegative), default = 0,
            doc = "the seed of the particle_fraction selection" },
        particle_filter = { kind = expression("an OpenCL C condition in x, y, z (m), ux, uy, uz (gamma v / c), gamma, "
            .. "energy (J), e.g. \"gamma > 10 && x > 0\""), doc = "write only the particles for which it holds" },
        lower = { kind = spatial(number("a number"), "3 numbers", -0.5), doc = "m: the fields of the cells from here (default grid.lower)" },
        upper = { kind = spatial(number("a number"), "3 numbers", 0.5), doc = "m: ... to here (default grid.upper)" },
        coarsening = { kind = one_or_spatial(integer("a positive integer", positive), "a positive integer or 3 of them", 1), default = 1,
            doc = "write the fields' means over blocks of n cells per axis (the region a whole number of blocks)" },
    },
}

local diagnostics = section {
    keys = {
        output_dir = { kind = path_kind, default = "diags", doc = "where output goes" },
        reduced = { kind = list_of(reduced, "reduced diagnostic", "reduced"), default = {}, doc = "reduced diagnostics" },
        full = { kind = list_of(full, "full diagnostic", "full"), default = {}, doc = "openPMD output of fields and particles" },
    },
}
for k, spec in pairs(diag_schema.keys) do diagnostics.section.keys[k] = spec end
-- lab-frame snapshots of a boosted run (lua/boost.lua, io/btd.c)
diagnostics.section.keys.back_transformed = { kind = boost.btd_list, default = {},
    doc = "lab-frame snapshots of E and B at lab times, from a boosted run" }

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
        -- geometry = "rz": mode 0's cylindrical components, x standing for r (docs/rz.md); Ez and Bz
        -- are the keys above
        Er = { kind = expression("an expression string or a number"), doc = "V/m; rz, mode 0, x is r" },
        Et = { kind = expression("an expression string or a number"), doc = "V/m; rz, mode 0 (theta), x is r" },
        Br = { kind = expression("an expression string or a number"), doc = "T; rz, mode 0, x is r" },
        Bt = { kind = expression("an expression string or a number"), doc = "T; rz, mode 0 (theta), x is r" },
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
                return one_or_spatial(integer("a positive integer", positive), "a positive integer or 3 of them", 1).check(v, key, ctx)
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
        passes = { kind = one_or_spatial(integer("a non-negative integer", nonnegative), "a non-negative integer or 3 of them", 0),
            default = 0, doc = "passes of (1/4, 1/2, 1/4) along each axis; 0: none" },
        -- the Godfrey filter (docs/filters.md): on a copy of E and B that only the gather reads
        godfrey = { kind = boolean,
            doc = "the Godfrey-Vay stencil along z on the E and B the particles gather, against the numerical "
                .. "Cherenkov instability of a relativistic drift along z (CKC and the energy-conserving gather only; "
                .. "docs/filters.md); default: true with a boost along z where the solver and gather allow it" },
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

-- The geometry's kept axes (check.GEOMETRY_AXES), for the rules below and input/config.c.
local function resolve_geometry(sim)
    sim.geometry_axes = check.GEOMETRY_AXES[sim.geometry]
    sim.geometry_dim = #sim.geometry_axes
end

local function cfg_kept(sim, a)
    for _, k in ipairs(sim.geometry_axes) do if k == a then return true end end
    return false
end

-- What 2D and 1D do not run yet (docs/geometry.md): each refused by the key that asks for it.
-- What RZ runs so far (docs/rz.md): the field solver, PEC or PML at r_max, PML along z and z as
-- 2D's, plasma particles, Gaussian lasers along z on the axis, the moving window and the binomial
-- filter along z. Every other choice is refused by the key that asks for it, never ignored.
local function check_rz(sim, _, _, raw)
    if sim.geometry ~= "rz" then
        if sim.modes then fail("modes", string.format("is for geometry = \"rz\"; geometry is \"%s\"", sim.geometry)) end
        sim.modes = 1
        for _, c in ipairs { "Er", "Et", "Br", "Bt" } do
            if sim.fields[c] then fail("fields." .. c, string.format("a cylindrical component; geometry is \"%s\", "
                .. "expected Ex, Ey, Ez, Bx, By, Bz", sim.geometry)) end
        end
        return
    end
    sim.modes = sim.modes or 1
    local function no(key, what)
        fail(key, string.format("geometry = \"rz\": %s is not yet supported in RZ (docs/rz.md, \"Not done\")", what))
    end
    local g = sim.grid
    if g.lower[1] ~= 0 then
        fail("grid.lower", string.format("geometry = \"rz\": r starts on the axis; expected lower = {0, z0}, got r = %s m",
            numtext(g.lower[1])))
    end
    -- Field boundaries: r_max a PEC wall or a PML in front of one (the Cartesian CPML on d/dr,
    -- the 1/r terms unstretched, as WarpX's RZ PML); z as 2D's, PML included (docs/rz.md,
    -- "Boundaries"). The lower r face is the axis whatever is written there (resolve_pml_outside
    -- takes r = "pml" as a layer at r_max only).
    local f = sim.boundary.field[1]
    if f[2] ~= "pec" and f[2] ~= "pml" then
        fail("boundary.field", string.format("geometry = \"rz\": %s at r_max; expected \"pec\" or \"pml\"",
            repr(f[2])))
    end
    -- Particles (docs/rz.md, "Particles in a run"): plasma species, shape orders 1 to 3, the pushers
    -- (Cartesian), absorbed at r_max, z as 2D's; one work item per box or per particle with F's
    -- own J (the tiled strategies and the sort bin by Cartesian cells, which r is not).
    if #sim.species > 0 then
        local st = sim.deposition_strategy
        if st == "local_tiles" or st == "simd_cells" then no("deposition_strategy", string.format("%q", st)) end
        if st == "auto" then sim.deposition_strategy = "deterministic" end
        if sim.sort.interval > 0 then no("sort.interval", "particle sorting") end
        sim.sort.interval = 0
        if g.max_box and g.max_box[1] < g.cells[1] then
            no("grid.max_box", "boxes along r with particles (boxes along z only)")
        end
        local p = sim.boundary.particles[1]
        if p[2] ~= "absorbing" then
            fail("boundary.particles", string.format("geometry = \"rz\": %s at r_max; expected \"absorbing\" (the "
                .. "only particle boundary at r_max so far)", repr(p[2])))
        end
        for i, sp in ipairs(sim.species) do
            local key = "species." .. (sp.name or i)
            -- a bunch is loaded Cartesian and deposits per mode as the plasma (docs/rz.md, "Beams");
            -- its room per box is counted along z, the axis it must move along
            if sp.beam and sp.beam.axis ~= "z" then
                no(key .. ".beam.axis", string.format("a bunch moving along %s (along z only)", sp.beam.axis))
            end
            if sp.from_file then no(key .. ".from_file", "particles from a file") end
            if sp.particles then no(key .. ".particles", "listed particles") end
            if sp.flux then no(key .. ".flux", "flux injection") end
            if sp.ionization then no(key .. ".ionization", "ionization") end
            -- ppc = {r, z}: the angles per (r, z) position, 4 M (so the loaded plasma holds no
            -- mode below m = 4 M but its own; docs/rz.md, "Loading"); {r, theta, z} gives them
            if sp.ppc and sp.ppc[2] == 0 then sp.ppc[2] = 4 * sim.modes end
        end
    end
    -- Lasers (docs/rz.md, "Lasers"): a Gaussian along z on the axis, linearly polarised, lives in
    -- mode 1 only (E_x = E f(r): E_r = E cos, E_t = -E sin), so it needs modes >= 2
    for i, l in ipairs(sim.lasers) do
        local key = l.key or join("lasers", i)
        if l.oblique or l.axis ~= 2 then no(join(key, "direction"), string.format("a laser along %s (along +z or -z only)", l.direction)) end
        if l.has_profile then no(join(key, "profile"), "a profile expression (the Gaussian only)") end
        if l.position[1] ~= 0 then no(join(key, "position"), string.format("a beam off the axis (r = %s m; expected 0)", numtext(l.position[1]))) end
        if sim.modes < 2 then fail("modes", "geometry = \"rz\": a linearly polarised laser lives in mode m = 1; expected modes >= 2") end
    end
    if sim.solver.name ~= "yee" then no("solver.name", "\"" .. sim.solver.name .. "\" (RZ's FDTD is Yee)") end
    -- the window moves along z (docs/rz.md, "Moving window"); r ends on the axis and the wall
    if sim.moving_window and sim.moving_window.axis ~= "z" then
        fail("moving_window.axis", string.format("geometry = \"rz\": the window moves along z; got %s (r is bounded "
            .. "by the axis and the wall at r_max)", repr(sim.moving_window.axis)))
    end
    -- a laser with the window: the antenna stays at its lab z (templates/rz_laser.cl), as the
    -- Cartesian one along the window's axis (check_moving_window)
    if sim.boost then no("boost", "the boosted frame") end
    if sim.applied_fields then no("applied_fields", "applied fields") end
    if #sim.collisions > 0 then no("collisions", "collisions") end
    -- the binomial filter along z per mode (docs/rz.md, "Filter"); along r it would need each
    -- field's parity below the axis, which the filter kernels do not apply
    if (sim.filter.passes[1] or 0) > 0 then
        no("filter.passes", "the binomial filter along r (along z only: passes = {0, nz})")
    end
    if sim.filter.godfrey then no("filter.godfrey", "the Godfrey filter") end
    local d = sim.diagnostics
    local raw_full = raw and type(raw.diagnostics) == "table" and type(raw.diagnostics.full) == "table" and raw.diagnostics.full
    for i, fd in ipairs(d.full) do
        local key = join("diagnostics.full", i)
        local entry = raw_full and (raw_full.name and raw_full or raw_full[i])
        -- particle records: positions x, y, z (Cartesian, as WarpX writes RZ's particles)
        local given_sp = type(entry) == "table" and entry.species
        if type(given_sp) ~= "table" then fd.species = {} end
        -- whole records only: a thetaMode record holds every mode of r, t and z
        for _, f in ipairs(fd.fields) do
            if f ~= "E" and f ~= "B" and f ~= "J" and f ~= "rho" and not f:match("^rho_") then
                no(join(key, "fields"), string.format("%q (thetaMode output writes the records E, B, J, rho and "
                    .. "rho_<species>)", f))
            end
        end
        if fd.lower or fd.upper then no(join(key, fd.lower and "lower" or "upper"), "a region of the fields") end
        for a = 1, 3 do
            if fd.coarsening[a] ~= 1 then no(join(key, "coarsening"), "coarsening") end
        end
    end
    if d.back_transformed and #d.back_transformed > 0 then no("diagnostics.back_transformed", "back-transformed output") end
    for k, v in pairs(d) do
        if k ~= "output_dir" and k ~= "reduced" and k ~= "full" and k ~= "back_transformed" and type(v) == "table" and #v > 0 then
            no("diagnostics." .. k, "this diagnostic")
        end
    end
    for i, r in ipairs(d.reduced) do
        for k in pairs(r) do
            if k ~= "name" and k ~= "interval" and k ~= "key" then
                no(join(join("diagnostics.reduced", i), k), "a reduced diagnostic other than the field energy")
            end
        end
    end
    for _, c in ipairs { "Ex", "Ey", "Bx", "By" } do
        if sim.fields[c] then no("fields." .. c, "the Cartesian component " .. c .. " (give Er, Et, Ez, Br, Bt, Bz of mode 0)") end
    end
    -- the cylindrical components take the slots of x and y: the generator's staggering of (x, z)
    -- is RZ's of (r, z) (docs/rz.md), so init_fields.cl sets mode 0 unchanged
    for cyl, cart in pairs { Er = "Ex", Et = "Ey", Br = "Bx", Bt = "By" } do
        sim.fields[cart], sim.fields[cyl] = sim.fields[cyl], nil
    end
end

local function check_geometry(sim)
    if sim.geometry == "3d" then return end
    local g = sim.geometry
    local function no(key, what)
        fail(key, string.format("geometry = \"%s\": %s is not yet supported; expected geometry = \"3d\" for it", g, what))
    end
    for _, l in ipairs(sim.lasers) do
        -- an oblique beam in 2D travels in the x-z plane; 1D has no oblique direction
        if l.oblique and (g == "1d" or l.dir[2] ~= 0) then
            fail(join(l.key or "lasers", "direction"), string.format("%s is not %s in geometry = \"%s\"; expected %s",
                l.direction, g == "1d" and "along z" or "in the x-z plane",
                g, g == "1d" and "'+z' or '-z'" or "a unit vector with y = 0, or an axis x or z"))
        end
        if not cfg_kept(sim, l.axis + 1) then
            fail(join(l.key or "lasers", "direction"), string.format("geometry = \"%s\" has no axis %s; expected a "
                .. "direction along %s", g, AXES[l.axis + 1], g == "2d" and "x or z" or "z"))
        end
    end
    local w = sim.moving_window
    if w and not cfg_kept(sim, ({ x = 1, y = 2, z = 3 })[w.axis]) then
        fail("moving_window.axis", string.format("geometry = \"%s\" has no axis %s; expected %s", g, w.axis,
            g == "2d" and "x or z" or "z"))
    end
    -- elements are fields about an axis along z through (x, y) = center. 2D (x, z; particles at
    -- y = 0): a quadrupole about an axis at y = 0 is a slab lens in x (By = gradient (x - xc), Bx
    -- = 0); a solenoid is a field about its axis, which a slab has not. 1D: the particles sit at
    -- x = y = 0, where every element's field is what it is there (a solenoid's Bz on its axis, a
    -- quadrupole about an axis off it a uniform B across z), so all are taken.
    for i, e in ipairs(g == "2d" and sim.applied_fields and sim.applied_fields.elements or {}) do
        local key = join(join("applied_fields.elements", i), "kind")
        if e.kind == "solenoid" then
            fail(key, "geometry = \"2d\": a solenoid is a field about its axis, which the x-z slab has not; "
                .. "expected a quadrupole (a lens in x), or geometry = \"3d\"")
        elseif e.center[2] ~= 0 then
            fail(join(join("applied_fields.elements", i), "center"), string.format("geometry = \"2d\": the "
                .. "particles sit at y = 0, so the axis must too; expected center = {x, 0}, got y = %s m",
                numtext(e.center[2])))
        end
    end
    local d = sim.diagnostics
    for _, sp in ipairs(sim.species) do
        local flux_axis = sp.flux and ({ x = 1, y = 2, z = 3 })[sp.flux.face:sub(2)]
        if sp.flux and not cfg_kept(sim, flux_axis) then
            fail("species." .. sp.name .. ".flux", string.format("geometry = \"%s\" has no faces along %s; expected a face "
                .. "of %s", g, AXES[flux_axis], g == "2d" and "x or z" or "z"))
        end
    end
end

-- Sizes, checked in floating point before anything is multiplied in C (a 32-bit int holds a
-- cell index of a box, a 64-bit one any count), and bounded by what the host can hold while
-- loading: a few arrays with one entry per cell of the whole domain. docs/input.md, "Limits".
local LIMITS = { cells = 2 ^ 32, box_cells = 2 ^ 31 - 1, ppc = 2 ^ 16, particles = 2 ^ 40 }
local function check_sizes(sim)
    local g = sim.grid
    local cells, box = 1.0, 1.0
    local ng = (sim.shape_order or 3) == 1 and 2 or 3
    local ngz = ng
    if sim.filter and sim.filter.godfrey then ngz = ng + 4 end -- its stencil's half width, along z only (gen/layout.c)
    for a = 1, 3 do
        axis_cells_fit(g, a, "grid.cells")
        cells = cells * g.cells[a]
        local kept = false
        for _, k in ipairs(sim.geometry_axes) do kept = kept or k == a end
        box = box * (math.min(g.max_box[a], g.cells[a]) + (kept and 2 * (a == 3 and ngz or ng) or 0))
    end
    if cells > LIMITS.cells then
        fail("grid.cells", string.format("%s x %s x %s = %s cells; expected at most 2^32 = %s (the host holds "
            .. "arrays of one entry per cell while loading)", numtext(g.cells[1]), numtext(g.cells[2]),
            numtext(g.cells[3]), numtext(cells), numtext(LIMITS.cells)))
    end
    if box > LIMITS.box_cells then
        fail("grid.max_box", string.format("boxes of %s x %s x %s cells are %s cells with their guard cells; expected "
            .. "at most 2^31 - 1 (a box's cell index is a 32-bit int); set max_box to split the grid",
            numtext(math.min(g.max_box[1], g.cells[1])), numtext(math.min(g.max_box[2], g.cells[2])),
            numtext(math.min(g.max_box[3], g.cells[3])), numtext(box)))
    end
    local total = 0.0
    for _, sp in ipairs(sim.species or {}) do
        local n
        if sp.beam then
            n = sp.beam.particles + 0.0
            if n > LIMITS.particles then
                fail("species." .. sp.name .. ".beam.particles", string.format("%s particles; expected at most "
                    .. "2^40 = %s", numtext(n), numtext(LIMITS.particles)))
            end
        else
            local per = (sp.ppc[1] + 0.0) * sp.ppc[2] * sp.ppc[3]
            if per > LIMITS.ppc then
                fail("species." .. sp.name .. ".ppc", string.format("%s x %s x %s = %s particles per cell; expected "
                    .. "at most 2^16 = %s", numtext(sp.ppc[1]), numtext(sp.ppc[2]), numtext(sp.ppc[3]), numtext(per),
                    numtext(LIMITS.ppc)))
            end
            n = per * cells
            if n > LIMITS.particles then
                fail("species." .. sp.name .. ".ppc", string.format("%s particles per cell in %s cells are %s "
                    .. "particles; expected at most 2^40 = %s", numtext(per), numtext(cells), numtext(n),
                    numtext(LIMITS.particles)))
            end
        end
        total = total + n
    end
    if total > LIMITS.particles then
        fail("species", string.format("%s particles in all species; expected at most 2^40 = %s", numtext(total),
            numtext(LIMITS.particles)))
    end
end
local function resolve_time_step(sim)
    local g, s = sim.grid, sim.solver
    local d = {}
    for a = 1, 3 do d[a] = (g.upper[a] - g.lower[a]) / g.cells[a] end
    -- a dropped axis of 2D and 1D has no derivatives: no limit from it
    for a = 1, 3 do
        local kept = false
        for _, k in ipairs(sim.geometry_axes) do kept = kept or k == a end
        if not kept then d[a] = math.huge end
    end
    local limit = SOLVERS[s.name].dt_limit(d[1], d[2], d[3])
    if sim.geometry == "rz" then
        -- Yee in RZ: the m / r terms next to the axis lower the limit, the more modes the more.
        -- R. Lehe's semi-analytic coefficients as WarpX uses them (docs/rz.md, "Time step"):
        -- c dt <= 1 / sqrt((1 + alpha_M) / dr^2 + 1 / dz^2).
        local alpha = ({ 0.2105, 1.0, 3.5234, 8.5104, 15.5059, 24.5037 })[sim.modes] or (sim.modes - 1) ^ 2
        limit = 1 / (K.c * math.sqrt((1 + alpha) / d[1] ^ 2 + 1 / d[3] ^ 2))
    end
    if s.dt and SOLVERS[s.name].unlimited then
        s.cfl = 0.0
    elseif s.dt then
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
    local g = sim.domain
    -- along a moving window's axis a region is where the plasma lies in the lab frame: ahead too
    local along = sim.moving_window and ({ x = 1, y = 2, z = 3 })[sim.moving_window.axis]
    -- so with a boost along its axis (lua/boost.lua)
    if sim.boost then along = ({ x = 1, y = 2, z = 3 })[sim.boost.axis] end
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

-- sim.domain is the user's grid.lower, upper and cells. With boundary.pml_outside the grid grows
-- here by each PML's cells beyond its face, at the same cell size, so that every rule and stage
-- after this one sees one larger grid whose PMLs' inner edges are the user's faces; regions and
-- full diagnostics default to (and regions stay in) sim.domain.
local function resolve_pml_outside(sim)
    local g, b = sim.grid, sim.boundary
    -- RZ's lower r face is the axis: r = "pml" (as PICMI's 'open' at r_max gives for both faces)
    -- puts the layer at r_max only, inside the grid or beyond it
    if sim.geometry == "rz" and b.field[1][1] == "pml" then b.field[1][1], b.pml_cells[1][1] = "pec", 0 end
    sim.domain = { lower = { table.unpack(g.lower) }, upper = { table.unpack(g.upper) }, cells = { table.unpack(g.cells) } }
    if not b.pml_outside then return end
    for a = 1, 3 do
        local lo, hi = b.pml_cells[a][1], b.pml_cells[a][2]
        if lo + hi > 0 then
            local n, dx = g.cells[a], (g.upper[a] - g.lower[a]) / g.cells[a]
            g.lower[a], g.upper[a], g.cells[a] = g.lower[a] - lo * dx, g.upper[a] + hi * dx, n + lo + hi
            axis_cells_fit(g, a, "grid.cells")
            -- one box stays one box; boxes of a given size must still tile the larger grid
            if g.max_box[a] == n then
                g.max_box[a] = g.cells[a]
            elseif g.cells[a] % g.max_box[a] ~= 0 then
                fail("grid.max_box", string.format("with boundary.pml_outside the grid along %s is %d + %d + %d = %d "
                    .. "cells, not a multiple of max_box = %d; expected a max_box dividing %d (or pml_cells that "
                    .. "make the sum one)", AXES[a], lo, n, hi, g.cells[a], g.max_box[a], g.cells[a]))
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
    local function known(name, key) known_species(name, names, key) end
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
        -- the fields' sub-region in cells: those whose index i has lower <= grid.lower + i dx < upper
        local g = sim.grid
        d.cell_lo, d.cell_hi = {}, {}
        for a = 1, 3 do
            local dx = (g.upper[a] - g.lower[a]) / g.cells[a]
            -- by default the user's domain: without the layers that pml_outside added (from the
            -- grid as it is now, which a boost has stretched along its axis)
            local pml = sim.boundary.pml_outside and sim.boundary.pml_cells[a] or { 0, 0 }
            local lo = d.lower and d.lower[a] or g.lower[a] + pml[1] * dx
            local hi = d.upper and d.upper[a] or g.upper[a] - pml[2] * dx
            local axis = ("xyz"):sub(a, a)
            if lo < g.lower[a] or hi > g.upper[a] or hi <= lo then
                fail(join(key, lo < g.lower[a] and "lower" or "upper"), string.format(
                    "the region along %s is %s to %s m; expected grid.lower <= lower < upper <= grid.upper (%s to %s m)",
                    axis, numtext(lo), numtext(hi), numtext(g.lower[a]), numtext(g.upper[a])))
            end
            -- a relative 1e-9 of a cell keeps a bound given as a node's coordinate on that node
            d.cell_lo[a] = math.max(0, math.ceil((lo - g.lower[a]) / dx - 1e-9))
            d.cell_hi[a] = math.min(g.cells[a], math.ceil((hi - g.lower[a]) / dx - 1e-9))
            if d.cell_hi[a] <= d.cell_lo[a] then
                fail(join(key, "upper"), string.format("the region holds no cell along %s (%s to %s m, cells of %s m)",
                    axis, numtext(lo), numtext(hi), numtext(dx)))
            end
            -- a coarse value is the mean of a whole block: blocks that tile the region, none cut
            local n, f = d.cell_hi[a] - d.cell_lo[a], d.coarsening[a]
            if n % f ~= 0 then
                fail(join(key, "coarsening"), string.format(
                    "the region holds %d cells along %s, not a multiple of the coarsening %d; expected a region "
                    .. "of whole blocks of %d cells", n, axis, f, f))
            end
        end
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
        if b and sim.geometry == "rz" then
            -- Cartesian about the axis: its farthest corner within r_max, z as any axis below
            local reach = math.sqrt((math.abs(b.centroid[1]) + b.truncate * b.rms[1]) ^ 2
                + (math.abs(b.centroid[2]) + b.truncate * b.rms[2]) ^ 2)
            if reach > g.upper[1] then
                fail(join("species." .. sp.name .. ".beam", "centroid"), string.format(
                    "the bunch reaches r = %s m (the corner of centroid -+ truncate * rms in x, y), beyond r_max = %s m; "
                    .. "expected it inside (move the centroid, or lower rms or truncate)", numtext(reach), numtext(g.upper[1])))
            end
        end
        if b then
            for a = sim.geometry == "rz" and 3 or 1, 3 do
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

-- A flux species streams in through its face: both faces of that axis must let particles out
-- (absorbing), or they would gather without end in boxes whose room is fixed.
local function check_flux(sim)
    for _, sp in ipairs(sim.species) do
        if sp.flux then
            local a = ({ x = 1, y = 2, z = 3 })[sp.flux.face:sub(2)]
            for side = 1, 2 do
                local p = sim.boundary.particles[a][side]
                if p ~= "absorbing" then
                    fail("species." .. sp.name .. ".flux.face", string.format("particles enter along %s, whose %s "
                        .. "face is %s for particles; expected absorbing on both faces of %s (boundary = { particles "
                        .. "= { %s = 'absorbing' } })", sp.flux.face:sub(2), side == 1 and "lower" or "upper", p,
                        sp.flux.face:sub(2), sp.flux.face:sub(2)))
                end
            end
        end
    end
end

-- Each ionizable species' product is another species of the input, an electron species (charge
-- -e, mass m_e) that is pushed and is not itself ionizable; its index (from 0) goes to the config.
local function check_ionization(sim)
    local index, names = {}, {}
    for i, sp in ipairs(sim.species) do
        index[sp.name] = i
        names[#names + 1] = sp.name
    end
    for _, sp in ipairs(sim.species) do
        local io = sp.ionization
        if io then
            local k = "species." .. sp.name .. ".ionization.product"
            known_species(io.product, names, k)
            local i = index[io.product]
            local p = sim.species[i]
            if p.ionization or math.abs(p.charge + K.q_e) > 1e-6 * K.q_e or math.abs(p.mass - K.m_e) > 1e-6 * K.m_e then
                fail(k, string.format("'%s' is not an electron species; expected a species with particle = "
                    .. "'electron' (charge -e, mass m_e)", io.product))
            end
            if p.frozen then
                fail(k, string.format("'%s' is frozen; expected a species that is pushed", io.product))
            end
            if p.beam or p.from_file or p.flux or p.particles then
                fail(k, string.format("'%s' is not a plasma; expected an electron species with density and ppc "
                    .. "(density = 0 for one that only ionization fills)", io.product))
            end
            io.product_index = i - 1
            if sim.particle_ids == false then
                fail("particle_ids", string.format("false, while species %s is ionizable, which keys its random "
                    .. "numbers by particle id; expected particle_ids = true or unset", sp.name))
            end
        end
    end
end

local function check_moving_window(sim)
    local w = sim.moving_window
    if not w then return end
    -- the window injects plasma from a species' density; a file's particles have none
    for _, sp in ipairs(sim.species) do
        if sp.flux then
            fail("species." .. sp.name .. ".flux", "flux injection with a moving window is not supported; "
                .. "expected a species without moving_window")
        end
        if sp.from_file or sp.particles then
            local k = sp.from_file and "from_file" or "particles"
            fail("species." .. sp.name .. "." .. k, "particles from a " .. (sp.from_file and "file" or "list")
                .. " with a moving window are not supported; expected a species without moving_window")
        end
    end
    local a = ({ x = 1, y = 2, z = 3 })[w.axis]
    if sim.boundary.field[a][1] == "periodic" then
        fail("moving_window.axis", string.format("the window moves along %s, which is periodic; expected a "
            .. "non-periodic axis (e.g. boundary = { field = { %s = 'pec' } })", w.axis, w.axis))
    end
    -- an antenna along the window's axis stays in the lab frame (its two sheets move back
    -- through the grid, runtime/laser.c), Yee's and CKC's alike for a beam along the axis (the
    -- same sheets); an oblique beam's CKC sheet (two planes of B, templates/laser.cl) and an
    -- antenna across the axis are planes of the grid, which move with the window: there the
    -- window may start only once each Gaussian pulse has left it (its field envelope is exp(-9)
    -- at t_peak + 3 tau)
    for _, l in ipairs(sim.lasers or {}) do
        local ckc_oblique = sim.solver.name == "ckc" and l.oblique
        local lab = l.axis == a - 1 and (sim.solver.name == "yee" or sim.solver.name == "ckc" and not l.oblique)
        if not lab and l.tau and l.tau > 0 and w.start < l.t_peak + 3 * l.tau then
            fail("moving_window.start", string.format("%s s, while laser '%s' still emits until t_peak + 3 tau = %s s; "
                .. "%s moves with the window, so expected start >= %s s", numtext(w.start), l.name,
                numtext(l.t_peak + 3 * l.tau),
                l.axis ~= a - 1 and "an antenna across the window's axis" or ckc_oblique
                    and "an oblique beam's CKC antenna (two planes of the grid)" or "its antenna (a plane of the grid)",
                numtext(l.t_peak + 3 * l.tau)))
        end
    end
end

-- Test-only switches (docs/bench.md): they make the generated program wrong on purpose, so
-- that the benchmark's correctness gate can be shown to catch a wrong variant.
-- Boxes over MPI ranks (mpirun -np N picl run input.lua); a run on one rank ignores it.
local parallel = section {
    keys = {
        distribution = { kind = one_of("distribution", NAMES.distribution), default = "sfc",
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
        drop_term = { kind = one_of("term", NAMES.drop_term), default = "none",
            doc = "TEST ONLY: 'ampere_J' drops -dt J/eps0 from Ampere's law" },
    },
}

-- Lasers: Gaussian pulses (or a profile expression) injected by an antenna plane, along an
-- axis (templates/laser.cl, docs/input.md). Each laser's literals are baked into its kernels.
local LASER_DIRECTIONS = { "+x", "-x", "+y", "-y", "+z", "-z" }
local GAUSSIAN_KEYS = { "a0", "E0", "waist", "tau", "fwhm", "t_peak", "focal_distance" }
-- direction: an axis by name, or a unit vector (an oblique Gaussian beam, WarpX's laser
-- direction; one along an axis is that axis's name)
local laser_direction_name = one_of("direction", LASER_DIRECTIONS)
local laser_direction_vector = three(number(""), "3 numbers")
local laser_direction_kind = { what = laser_direction_name.what .. ", or 3 numbers (a unit vector)",
    check = function(v, key, ctx)
        if type(v) == "table" then return laser_direction_vector.check(v, key, ctx) end
        return laser_direction_name.check(v, key, ctx)
    end }

-- A direction given as a vector: checked to be a unit vector; one along an axis becomes the
-- axis's name (the same program as "+z"); an oblique one keeps the vector in l.dir and takes
-- the axis of its largest component (z on a tie) for its antenna plane (templates/laser.cl).
local function resolve_laser_direction(l, key)
    local d = l.direction
    if type(d) ~= "table" then return end
    local norm = math.sqrt(d[1] * d[1] + d[2] * d[2] + d[3] * d[3])
    if math.abs(norm - 1) > 1e-6 then
        fail(join(key, "direction"), string.format("%s is not a unit vector (norm %s); expected 3 numbers of norm 1 "
            .. "(to 1e-6), e.g. {1 / math.sqrt(2), 0, 1 / math.sqrt(2)}", repr(d), numtext(norm)))
    end
    local u, big, zeros = {}, 1, 0
    for a = 1, 3 do
        u[a] = d[a] / norm
        if math.abs(u[a]) < 1e-12 then u[a] = 0.0; zeros = zeros + 1 end
        if math.abs(u[a]) >= math.abs(u[big]) then big = a end
    end
    if zeros == 2 then
        l.direction = (u[big] > 0 and "+" or "-") .. AXES[big]
        return
    end
    l.oblique, l.dir = true, u
    l.direction = string.format("{%s, %s, %s}", numtext(u[1]), numtext(u[2]), numtext(u[3]))
    l.oblique_axis, l.oblique_sign = big, u[big] > 0 and 1 or -1
end

local laser = section {
    keys = {
        name = { kind = name_kind("a name of letters, digits and _"), doc = "used in messages and --set",
            default = function(_, ctx) return "laser" .. ctx.list_index end },
        position = { kind = spatial(number("a number"), "3 numbers", 0), required = true,
            doc = "m, the point where the beam's axis crosses the antenna plane" },
        direction = { kind = laser_direction_kind, required = true,
            doc = "of propagation: along an axis, or a unit vector (oblique; in 2D in the x-z plane)" },
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
            resolve_laser_direction(l, key)
            local p, norm, dot = l.polarization, 0, 0
            if not l.oblique then
                local axis = ({ x = 1, y = 2, z = 3 })[l.direction:sub(2)]
                l.axis, l.sign = axis - 1, l.direction:sub(1, 1) == "-" and -1 or 1
                l.oblique, l.dir = false, { 0.0, 0.0, 0.0 }
                l.dir[axis] = l.sign + 0.0
            else
                l.axis, l.sign = l.oblique_axis - 1, l.oblique_sign
                l.oblique_axis, l.oblique_sign = nil, nil
            end
            for a = 1, 3 do norm, dot = norm + p[a] * p[a], dot + p[a] * l.dir[a] end
            norm = math.sqrt(norm)
            if norm == 0 or math.abs(dot) > 1e-12 * norm then
                fail(join(key, "polarization"), string.format("%s is not perpendicular to direction %s; expected a "
                    .. "nonzero vector %s", repr(p), l.direction, l.oblique and "whose dot product with direction is 0"
                    or ("with " .. AXES[l.axis + 1] .. " = 0")))
            end
            if l.oblique and l.profile then
                fail(join(key, "profile"), "a profile expression with an oblique direction is not supported; "
                    .. "expected the Gaussian's parameters, or a direction along an axis")
            end
            for a = 1, 3 do p[a] = p[a] / norm end
            if not l.oblique then p[l.axis + 1] = 0.0 end
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
                local omega = 2 * K.pi * K.c / l.wavelength
                local per_a0 = K.m_e * K.c * omega / K.q_e
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

-- Applied (external) fields on particles (WarpX: E_external_particle, B_external_particle and
-- its lattice of hard-edged elements): added to the gathered E and B inside the push, never on
-- the grid, so they are never evolved, reflected or deposited. E and B are 3 components, each a
-- number or an expression in x, y, z (m) and t (s); component i is the expression KEY.i. A
-- component that is the number 0 is left out of the push altogether.
local APPLIED_DOC = "3 components, each a number or an expression string in x, y, z (m), t (s)"
local function applied_vector(unit)
    local what = "3 numbers or expression strings (" .. unit .. ")"
    return { what = what, check = function(v, key, ctx)
        if type(v) ~= "table" then return nil end
        local count = 0
        for _ in pairs(v) do count = count + 1 end
        if count ~= 3 then return nil end
        local out = {}
        for i = 1, 3 do
            if v[i] == 0 then
                out[i] = false
            else
                local e, why = expression(what).check(v[i], join(key, i), ctx)
                if e == nil then return nil, why end
                out[i] = e
            end
        end
        return out
    end }
end

local ELEMENT_KINDS = { "solenoid", "quadrupole", "plasma_lens" }
-- One hard-edged element along z between z[1] and z[2] (m), about the axis x = center[1],
-- y = center[2]: a solenoid's Bz = B (T), with the paraxial fringe Bx, By = -(x, y)/2 dBz/dz over
-- `fringe` (m) at each edge (without it a hard edge would not focus); a quadrupole's
-- Bx = gradient (y - yc), By = gradient (x - xc) (T/m), which focuses a positive charge moving
-- along +z in x for gradient > 0; a plasma lens' E = strength_E (x - xc, y - yc, 0) (V/m^2) and
-- B = strength_B (y - yc, -(x - xc), 0) (T/m), WarpX's repeated_plasma_lens, one lens.
local element = section {
    keys = {
        kind = { kind = one_of("element kind", ELEMENT_KINDS), required = true },
        z = { kind = { what = "2 numbers {start, end}", check = function(v)
            if type(v) == "table" and #v == 2 and finite(v[1]) and finite(v[2]) then return { v[1] + 0.0, v[2] + 0.0 } end
        end }, required = true, doc = "m, where the element starts and ends along z" },
        B = { kind = number("a nonzero number", nonzero), doc = "T, a solenoid's field" },
        gradient = { kind = number("a nonzero number", nonzero), doc = "T/m, a quadrupole's dBy/dx = dBx/dy" },
        center = { kind = { what = "2 numbers {x, y}", check = function(v)
            if type(v) == "table" and #v == 2 and finite(v[1]) and finite(v[2]) then return { v[1] + 0.0, v[2] + 0.0 } end
        end }, default = { 0, 0 }, doc = "m, the element's axis" },
        fringe = { kind = number("a number >= 0", nonnegative), doc = "m, a solenoid's edge length; default one cell along z" },
        strength_E = { kind = number("a number"), doc = "V/m^2, a plasma lens' dEx/dx = dEy/dy" },
        strength_B = { kind = number("a number"), doc = "T/m, a plasma lens' dBx/dy = -dBy/dx" },
    },
    rules = {
        function(e, key)
            if e.z[2] <= e.z[1] then
                fail(join(key, "z"), string.format("the element ends (%s m) before it starts (%s m); expected {start, end} "
                    .. "with start < end", numtext(e.z[2]), numtext(e.z[1])))
            end
            if e.kind == "plasma_lens" then
                for _, k in ipairs({ "B", "gradient", "fringe" }) do
                    if e[k] ~= nil then fail(join(key, k), string.format("a plasma_lens takes no %s; expected "
                        .. "strength_E (V/m^2) and/or strength_B (T/m)", k)) end
                end
                if e.strength_E == nil and e.strength_B == nil then
                    fail(join(key, "strength_E"), "missing; a plasma_lens needs strength_E (V/m^2) or strength_B (T/m)")
                end
                e.strength, e.strength_b = e.strength_E or 0.0, e.strength_B or 0.0
                e.fringe = -1.0
                return
            end
            for _, k in ipairs({ "strength_E", "strength_B" }) do
                if e[k] ~= nil then fail(join(key, k), string.format("a %s takes no %s (a plasma_lens does)", e.kind, k)) end
            end
            local need, other = "B", "gradient"
            if e.kind == "quadrupole" then need, other = "gradient", "B" end
            if e[need] == nil then
                fail(join(key, need), string.format("missing; a %s needs %s", e.kind,
                    need == "B" and "B (T, its field along z)" or "gradient (T/m)"))
            end
            if e[other] ~= nil then fail(join(key, other), string.format("a %s takes no %s; expected %s", e.kind, other, need)) end
            if e.fringe ~= nil and e.kind ~= "solenoid" then
                fail(join(key, "fringe"), "only a solenoid takes fringe (a quadrupole's edges are hard)")
            end
            e.strength = e[need]
            e.fringe = e.fringe or -1.0 -- -1: one cell along z (the generator knows the cell)
        end,
    },
}

local applied_fields = section {
    keys = {
        E = { kind = applied_vector("V/m"), doc = "V/m; " .. APPLIED_DOC },
        B = { kind = applied_vector("T"), doc = "T; " .. APPLIED_DOC },
        elements = { kind = { what = "a list of element tables", check = function(v, key, ctx)
            if type(v) ~= "table" then return nil end
            if v[1] == nil and next(v) ~= nil then v = { v } end
            local out = {}
            for i, item in ipairs(v) do out[i] = check_value({ kind = element }, item, join(key, i), ctx) end
            if #out > ctx.limits.elements then
                fail(key, string.format("%d elements; expected at most %d", #out, ctx.limits.elements))
            end
            return out
        end }, default = {}, doc = "hard-edged solenoids, quadrupoles and plasma lenses along z" },
    },
    rules = {
        function(a, key, ctx)
            a.where = ctx:where(key)
        end,
    },
}

-- Binary Coulomb collisions (templates/collisions.cl, docs/collisions.md): one entry per pair of
-- species, or one species with itself. Which species the names are is a rule of the whole
-- simulation (check_collisions), which knows them.
local collision_species = { what = "a list of 1 or 2 species names", check = function(v)
    if type(v) == "string" then v = { v } end
    if type(v) ~= "table" then return nil end
    for _, k in ipairs(sorted_keys(v)) do
        if math.type(k) ~= "integer" or k < 1 or k > #v then return nil end
    end
    if #v < 1 or #v > 2 then
        return nil, string.format("%d names; expected 1 or 2 species names ({'electrons', 'ions'}, or "
            .. "{'electrons'} for collisions within one species)", #v)
    end
    for i, n in ipairs(v) do
        if type(n) ~= "string" then return nil, string.format("entry %d is %s; expected a species name", i, repr(n)) end
    end
    return { v[1], v[2] or v[1] }
end }

local collision = section {
    keys = {
        species = { kind = collision_species, required = true,
            doc = "the two species that collide; the same name twice (or one name) for collisions within one" },
        name = { kind = name_kind("a name of letters, digits and _"), doc = "used in messages and --set",
            default = function(c) return c.species[1] .. "_" .. c.species[2] end },
        coulomb_log = { kind = { what = "a positive number or \"auto\"", check = function(v)
            if v == "auto" then return 0.0 end
            if type(v) ~= "number" then return nil end
            if not finite(v) or v <= 0 then
                return nil, string.format("%s; expected a positive number (the Coulomb logarithm ln(Lambda), "
                    .. "typically 2 to 20) or \"auto\" (computed per cell and pair)", numtext(v))
            end
            return v + 0.0
        end }, default = "auto", doc = "ln(Lambda), or \"auto\": from the cell's Debye length (Perez et al. 2012)" },
        interval = { kind = integer("a positive integer", positive), default = 1,
            doc = "steps between collision stages; each acts over interval * dt" },
    },
    rules = {
        function(c, key, ctx)
            c.key = key
            c.where = ctx:where(key)
        end,
    },
}

-- The names of a collision entry are species, each charged, and no pair is listed twice.
local function check_collisions(sim)
    local index, names = {}, {}
    for i, sp in ipairs(sim.species) do
        index[sp.name], names[#names + 1] = i, sp.name
    end
    local pairs_seen = {}
    for _, c in ipairs(sim.collisions or {}) do
        local k = join(c.key, "species")
        c.species_index = {}
        for j, n in ipairs(c.species) do
            if not index[n] then
                local guess = closest(n, names)
                fail(k, string.format("unknown species '%s'; %sexpected %s", n,
                    guess and ("did you mean '" .. guess .. "'? ") or "",
                    #names > 0 and ("one of " .. quoted_list(names)) or "a species of the input (it has none)"))
            end
            local sp = sim.species[index[n]]
            if sp.charge == 0 then
                fail(k, string.format("species '%s' has no charge; Coulomb collisions need charged species", n))
            end
            c.species_index[j] = index[n] - 1
        end
        local a, b = c.species_index[1], c.species_index[2]
        local pair = math.min(a, b) .. ":" .. math.max(a, b)
        if pairs_seen[pair] then
            fail(k, string.format("the pair %s, %s is also entry '%s'; expected each pair once", c.species[1],
                c.species[2], pairs_seen[pair]))
        end
        pairs_seen[pair] = c.name
    end
    if sim.particle_ids == false and #(sim.collisions or {}) > 0 then
        fail("particle_ids", "false, while the input has collisions, which pair each cell's particles in the order "
            .. "of their ids (the same on any number of ranks); expected particle_ids = true or unset")
    end
end

-- filter.godfrey left unset: on with a boost along z where the checks below would allow it (the
-- boosted frame's plasma drifts at ~c: docs/filters.md), else off; an explicit false wins.
-- godfrey_by_boost tells the run summary why it is on.
local function resolve_godfrey(sim)
    if sim.filter.godfrey ~= nil then return end
    local b = sim.boost
    sim.filter.godfrey = b ~= nil and b.axis == "z" and sim.geometry ~= "1d" and sim.solver.name == "ckc"
        and sim.gather == "energy_conserving"
    sim.filter.godfrey_by_boost = sim.filter.godfrey or nil
end

-- solver.current_correction left unset: WarpX's rule (Source/WarpX.cpp, ReadParameters): on for
-- PSATD unless the deposition conserves charge (Esirkepov; WarpX also Villasenor and Vay) or div E
-- cleaning is on (picl has none); an explicit value wins. Resolved here, where the deposition is
-- known; current_correction_by_default tells picl check why it is on.
local function resolve_current_correction(sim)
    local s = sim.solver
    if s.current_correction ~= nil then return end
    s.current_correction = s.name == "psatd" and sim.deposition ~= "esirkepov"
    s.current_correction_by_default = s.current_correction or nil
end

-- The Godfrey filter's coefficients were fitted (Godfrey and Vay 2014) for the CKC solver and
-- the energy-conserving (Galerkin) gather; picl carries only that table (docs/filters.md).
local function check_godfrey(sim)
    if not sim.filter.godfrey then return end
    if sim.geometry == "1d" then
        fail("filter.godfrey", "true with geometry \"1d\"; the Godfrey filter's coefficients were fitted for "
            .. "CKC's transverse stencil, which 1D does not have (docs/filters.md); expected geometry = \"3d\" or \"2d\"")
    end
    if sim.solver.name ~= "ckc" then
        fail("filter.godfrey", string.format("true with solver \"%s\"; the Godfrey filter's coefficients were fitted "
            .. "for the CKC solver (Godfrey and Vay 2014); expected solver = { name = \"ckc\" }",
            sim.solver.name))
    end
    if sim.gather ~= "energy_conserving" then
        fail("filter.godfrey", string.format("true with gather \"%s\"; picl has the Godfrey coefficients of the "
            .. "energy-conserving (Galerkin) gather only (WarpX also has the momentum-conserving table); expected "
            .. "gather = \"energy_conserving\"", sim.gather))
    end
end

-- PSATD (docs/psatd.md) runs so far with periodic fields on one rank: one FFT of the whole grid,
-- any number of boxes. What it lacks for the rest is named in each refusal (issue #39); the rank
-- count is checked by the runtime, which knows it.
local function check_psatd(sim)
    if sim.solver.name ~= "psatd" then return end
    -- the features first: a window or a boost comes with non-periodic faces, which are refused below
    local missing = {
        { sim.moving_window, "moving_window", "a moving window (the spectral shift of the fields is not built yet)" },
        { sim.boost, "boost", "a boosted frame (the Galilean PSATD that keeps it free of numerical Cherenkov is not built yet)" },
        { #(sim.lasers or {}) > 0, "lasers", "laser antennas (their current in the PSATD step is not built yet)" },
    }
    for _, m in ipairs(missing) do
        if m[1] then
            fail(m[2], "given with solver \"psatd\", which does not support " .. m[3]
                .. " so far; expected solver = { name = \"yee\" } or \"ckc\"")
        end
    end
    -- Galilean PSATD takes J at t^{n+1/2} with the particles at rest in the grid moving at v_galilean:
    -- Esirkepov's current, from the displacement in that grid, would be J - v_galilean rho
    if sim.solver.v_galilean[3] ~= 0 and sim.deposition ~= "direct" then
        fail("deposition", string.format("\"%s\" with solver.v_galilean; the Galilean PSATD takes the current "
            .. "deposited at the midpoint in the moving grid (WarpX's test uses it), so expected deposition = \"direct\"",
            sim.deposition))
    end
    -- Esirkepov's current satisfies continuity for Yee's staggered differences only
    if sim.solver.grid == "collocated" and sim.deposition ~= "direct" then
        fail("deposition", string.format("\"%s\" with solver.grid = \"collocated\"; Esirkepov's current sits at "
            .. "Yee's staggered positions, so expected deposition = \"direct\" (deposited at the nodes)", sim.deposition))
    end
    for _, a in ipairs(sim.geometry_axes) do
        for f = 1, 2 do
            local v = sim.boundary.field[a][f]
            if v ~= "periodic" then
                fail("boundary.field", string.format("\"%s\" on the %s face of %s with solver \"psatd\"; PSATD has "
                    .. "periodic field boundaries only so far (no PEC, no PML in PSATD form yet), so expected "
                    .. "\"periodic\"", v, f == 1 and "lower" or "upper", AXES[a]))
            end
        end
    end
end

-- The electrostatic solver (docs/electrostatic.md): lab frame, Cartesian, Dirichlet (the faces'
-- potentials, boundary.field "pec") or periodic faces. What it lacks is refused by name.
local function check_electrostatic(sim)
    local es = sim.solver.name == "electrostatic"
    for _, fd in ipairs(sim.diagnostics.full or {}) do
        for _, n in ipairs(fd.fields or {}) do
            if n == "phi" and not es then
                fail("diagnostics.full." .. fd.name .. ".fields", string.format("\"phi\" with solver \"%s\"; the "
                    .. "potential is the electrostatic solver's, expected solver = { name = \"electrostatic\" }",
                    sim.solver.name))
            end
        end
    end
    if not es then return end
    -- single precision's round-off leaves |r| / |b| near 1e-7 on small grids: 1e-5 is reachable
    local s = sim.solver
    if s.required_precision == nil then
        s.required_precision = sim.precision == "float" and 1e-5 or 1e-10
    elseif sim.precision == "float" and s.required_precision < 1e-6 then
        fail("solver.required_precision", string.format("%s with precision \"float\", whose round-off the "
            .. "residual cannot go below; expected at least 1e-6 (or precision = \"double\")", numtext(s.required_precision)))
    end
    local missing = {
        { sim.moving_window, "moving_window", "a moving window" },
        { sim.boost, "boost", "a boosted frame (WarpX's relativistic space-charge solver is not built)" },
        { #(sim.lasers or {}) > 0, "lasers", "laser antennas (light needs the Maxwell solver)" },
        { sim.filter.godfrey, "filter.godfrey", "the Godfrey filter" },
    }
    for _, m in ipairs(missing) do
        if m[1] then
            fail(m[2], "given with solver \"electrostatic\", which does not support " .. m[3]
                .. "; expected solver = { name = \"yee\" } or \"ckc\" for it")
        end
    end
    -- a potential is a face's: on a periodic or dropped axis there is none to hold it
    for a = 1, 3 do
        local kept = cfg_kept(sim, a)
        for f, side in ipairs({ "lo", "hi" }) do
            local k = "potential_" .. AXES[a] .. "_" .. side
            if sim.solver[k] ~= nil and (not kept or sim.boundary.field[a][f] == "periodic") then
                fail(join("solver", k), string.format("given, but %s; expected it on a \"pec\" face of a kept axis",
                    kept and ("the " .. AXES[a] .. " faces are periodic") or (sim.geometry .. " has no axis " .. AXES[a])))
            end
        end
    end
    for _, a in ipairs(sim.geometry_axes) do
        for f = 1, 2 do
            local v = sim.boundary.field[a][f]
            if v ~= "periodic" and v ~= "pec" then
                fail("boundary.field", string.format("\"%s\" on the %s face of %s with solver \"electrostatic\"; a "
                    .. "non-periodic face is a conductor at the potential solver.potential_%s_%s, so expected \"pec\" "
                    .. "or \"periodic\"", v, f == 1 and "lower" or "upper", AXES[a], AXES[a], f == 1 and "lo" or "hi"))
            end
        end
    end
end

local simulation = section {
    what = "a table {grid = ..., steps = ..., ...}",
    keys = {
        geometry = { kind = one_of("geometry", NAMES.geometry), default = "3d",
            doc = "3d; 2d (axes x and z); 1d (axis z); rz (axes r and z, azimuthal modes): per-axis keys take one entry per axis (docs/geometry.md)" },
        modes = { kind = integer("an integer in 1..8", function(v) return v >= 1 and v <= 8 end),
            doc = "geometry = \"rz\": azimuthal modes m = 0 .. modes-1 (docs/rz.md); default 1" },
        grid = { kind = grid, required = true, doc = "the domain" },
        boundary = { kind = boundary, default = {} },
        solver = { kind = solver, default = {} },
        steps = { kind = integer("a positive integer", positive), doc = "time steps" },
        stop_time = { kind = number("a positive number", positive), doc = "s; steps = ceil(stop_time/dt)" },
        precision = { kind = one_of("precision", NAMES.precision), default = "double", doc = "of fields and particles" },
        shape_order = { kind = integer("an integer in 1..3", function(v) return v >= 1 and v <= 3 end),
            default = 3, doc = "particle shape order" },
        pusher = { kind = one_of("pusher", NAMES.pusher), default = "boris" },
        gather = { kind = one_of("gather", NAMES.gather), default = "energy_conserving" },
        deposition = { kind = one_of("deposition", NAMES.deposition), default = "esirkepov" },
        deposition_strategy = { kind = one_of("deposition strategy", NAMES.deposition_strategy),
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
        applied_fields = { kind = applied_fields, doc = "external E and B on particles only (not on the grid)" },
        progress_interval = { kind = integer("a positive integer", positive), default = 100,
            doc = "steps between progress lines when stderr is not a terminal" },
        particle_ids = { kind = boolean,
            doc = "store a 64-bit id per particle; default: when a full diagnostic writes particles" },
        collisions = { kind = list_of(collision, "collision", "collisions"), default = {},
            doc = "binary Coulomb collisions between species (docs/collisions.md)" },
        -- the Lorentz-boosted frame (lua/boost.lua, docs/boosted_frame.md)
        boost = { kind = boost.section, doc = "run in a Lorentz-boosted frame: { gamma = 30, axis = 'z' }" },
    },
    -- boost.rule rewrites the lab-frame input into the boosted frame: after the checks of the lab
    -- frame's regions and beams, before dt and steps are resolved from the (boosted) grid
    rules = { resolve_geometry, resolve_pml_outside, resolve_godfrey, check_rz, check_geometry, check_sizes, check_regions, check_beams, boost.rule, resolve_time_step, resolve_steps, check_flux, check_ionization, check_moving_window,
        check_full_diagnostics, check_pml, resolve_lasers, diag_schema.rule, check_collisions,
        check_godfrey, resolve_current_correction, check_psatd, check_electrostatic },
}


return { simulation = simulation, sort = sort, work_group = work_group, names = NAMES }
