-- boost.lua: the Lorentz-boosted frame (boost = { gamma = 30, axis = "z" }, docs/boosted_frame.md).
-- The input stays in the lab frame; rule() checks what a boost allows and rewrites the resolved
-- table into the boosted frame before dt and steps are resolved from the grid.

local K = require("constants")
local text = require("text")
local check = require("check")
local numtext, float_literal = text.numtext, text.float_literal
local fail, join, number, one_of, section, AXES = check.fail, check.join, check.number, check.one_of, check.section,
    check.AXES

local B = {}

B.section = section {
    keys = {
        gamma = { kind = number("a number >= 1", function(v) return v >= 1 end), required = true,
            doc = "Lorentz factor of the boosted frame with respect to the lab" },
        axis = { kind = one_of("axis", AXES), default = "z", doc = "the boost moves the frame towards upper along it" },
        stop_time_frame = { kind = one_of("frame", { "lab", "boosted" }), default = "lab",
            doc = "the frame of stop_time: lab (the run covers the lab window at that lab time) or boosted" },
    },
}

-- Back-transformed diagnostics (io/btd.c): lab-frame snapshots of E and B at lab times.
local times_kind = { what = "a list of lab times (s), each >= 0, ascending", check = function(v, key, ctx)
    if type(v) == "number" then v = { v } end
    if type(v) ~= "table" or #v == 0 then return nil end
    local out = {}
    for i, t in ipairs(v) do
        if not check.finite(t) or t < 0 or (i > 1 and t <= out[i - 1]) then return nil end
        out[i] = t + 0.0
    end
    if #out > ctx.limits.btd_times then
        return nil, string.format("%d times; expected at most %d", #out, ctx.limits.btd_times)
    end
    return out
end }

local btd = section {
    keys = {
        name = { kind = check.name_kind("a name of letters, digits and _"), required = true,
            doc = "the folder of its snapshots in output_dir" },
        times = { kind = times_kind, required = true, doc = "s, lab frame: one snapshot at each" },
        cells = { kind = check.integer("a positive integer", check.positive),
            doc = "lab cells along the boost's axis; default grid.cells there" },
        lower = { kind = number("a number"), doc = "m, lab frame at lab time 0, along the axis; default grid.lower" },
        upper = { kind = number("a number"), doc = "m, likewise; default grid.upper (a window moves both by c t)" },
        -- any names here: resolve_btd checks them against the input's species
        species = { kind = check.names_list("species", "a list of species names", function() return true end, {}),
            doc = "species whose particles the snapshots hold, in the lab frame as each crosses the "
            .. "snapshot's lab time; default: every species; {} for none" },
    },
}
B.btd_list = check.list_of(btd, "back-transformed diagnostic", "btd")

-- Each back-transformed diagnostic's lab grid along the axis, from the lab grid by default.
local function resolve_btd(sim, a)
    local list = sim.diagnostics.back_transformed or {}
    if #list > 0 and not sim.boost then
        fail("diagnostics.back_transformed", "back-transformed diagnostics need a boosted frame; expected boost = "
            .. "{ gamma = ..., axis = ... } beside them (or a full diagnostic in the lab frame)")
    end
    local names = {}
    for _, sp in ipairs(sim.species) do names[#names + 1] = sp.name end
    for _, d in ipairs(list) do
        local key = "diagnostics.back_transformed." .. d.name
        if d.species == nil then
            d.species = {}
            for i, n in ipairs(names) do d.species[i] = n end
        end
        for _, n in ipairs(d.species) do check.known_species(n, names, join(key, "species")) end
        d.cells = d.cells or sim.grid.cells[a]
        d.lower = d.lower or sim.grid.lower[a]
        d.upper = d.upper or sim.grid.upper[a]
        if d.upper <= d.lower then
            fail(join(key, "upper"), string.format("%s m is not above lower = %s m; expected upper > lower",
                numtext(d.upper), numtext(d.lower)))
        end
        -- the lab grid inside the lab domain: beyond it the boosted run has no field to transform
        local glo, gup = sim.grid.lower[a], sim.grid.upper[a]
        local eps = 1e-9 * (gup - glo)
        if d.lower < glo - eps or d.upper > gup + eps then
            local k = d.lower < glo - eps and "lower" or "upper"
            fail(join(key, k), string.format("%s m lies outside the grid along %s (%s to %s m, lab frame); expected "
                .. "a lab grid inside it (a window moves both)", numtext(d[k]), AXES[a], numtext(glo), numtext(gup)))
        end
        -- a snapshot after a lab stop_time is never complete
        local T = sim.stop_time
        if T and sim.boost and sim.boost.stop_time_frame == "lab" and d.times[#d.times] > T * (1 + 1e-12) then
            fail(join(key, "times"), string.format("%s s is after stop_time = %s s (lab frame): that snapshot would "
                .. "never be complete; expected times up to stop_time, or a later stop_time",
                numtext(d.times[#d.times]), numtext(T)))
        end
    end
end

local function axis_index(name) return ({ x = 1, y = 2, z = 3 })[name] end

-- What a boost cannot take yet, or takes only one way: each a FILE:LINE: KEY error.
local function check_input(sim, b, a)
    local axis = b.axis
    if axis ~= "z" and sim.geometry ~= "3d" then
        fail("boost.axis", string.format("%s with geometry \"%s\"; expected \"z\", the axis 2D and 1D boost along",
            axis, sim.geometry))
    end
    if sim.boundary.field[a][1] == "periodic" then
        fail("boost.axis", string.format("the frame is boosted along %s, which is periodic; expected a non-periodic "
            .. "axis (the plasma streams through the boosted frame: boundary = { field = { %s = 'pec' }, particles = "
            .. "{ %s = 'absorbing' } })", axis, axis, axis))
    end
    for side = 1, 2 do
        if sim.boundary.field[a][side] == "pml" then
            fail("boundary.field", string.format("a PML on the %s %s face, the boost's axis, is not supported with a "
                .. "boost; expected 'pec' there (PMLs across the boost's axis are fine)", side == 1 and "lower"
                or "upper", axis))
        end
    end
    local w = sim.moving_window
    if w then
        if w.axis ~= axis then
            fail("moving_window.axis", string.format("%s, while the frame is boosted along %s; expected a window "
                .. "that moves along the boost (moving_window = { axis = '%s' })", w.axis, axis, axis))
        end
        if math.abs(w.speed - 1) > 1e-12 then
            fail("moving_window.speed", string.format("%s c; with a boost the window must move at c (speed = 1), "
                .. "which it does in both frames", numtext(w.speed)))
        end
    end
    for _, l in ipairs(sim.lasers) do
        if l.direction ~= "+" .. axis then
            fail(join(l.key, "direction"), string.format("%s, while the frame is boosted along +%s; expected a "
                .. "laser that propagates along the boost (direction = '+%s')", l.direction, axis, axis))
        end
        if l.has_profile then
            fail(join(l.key, "profile"), "a profile expression is not transformed to the boosted frame; expected "
                .. "the Gaussian's keys (wavelength, a0 or E0, waist, tau or fwhm, t_peak)")
        end
    end
    for _, sp in ipairs(sim.species) do
        local key = "species." .. sp.name
        if sp.flux then fail(join(key, "flux"), "flux injection with a boost is not supported yet") end
        if sp.from_file then fail(join(key, "from_file"), "particles from a file with a boost are not supported yet") end
        if sp.ionization then fail(join(key, "ionization"), "field ionization with a boost is not supported yet") end
        if not sp.beam and type(sp.u_drift[a]) == "table" then
            fail(join(key, "u_drift"), string.format("an expression along the boost's axis %s is not supported; "
                .. "expected a number there (the boosted density factor gamma (1 - beta v_drift / c) is a literal)", axis))
        end
    end
    if sim.applied_fields then
        fail("applied_fields", "applied fields are given in the lab frame, which a boost does not transform yet; "
            .. "expected no applied_fields with a boost")
    end
    for k, v in pairs(sim.fields or {}) do
        if type(v) == "table" and v.value ~= 0 then fail(join("fields", k), "initial fields with a boost are not transformed yet; expected none") end
    end
end

-- The boosted frame moves at beta c along axis a. Light-like lines along +a, z - c t = const,
-- stretch by k = gamma (1 + beta) (z' - c t' = k (z - c t)): the grid along a, a pulse's
-- wavelength, duration and timing; the field shrinks by k, so a0 is invariant.
function B.rule(sim)
    local b = sim.boost
    if not b then return resolve_btd(sim, 3) end
    local a = axis_index(b.axis)
    check_input(sim, b, a)
    resolve_btd(sim, a) -- before the grid is boosted: the lab grid's
    local gamma = b.gamma
    local beta = math.sqrt(math.max(0, 1 - 1 / (gamma * gamma)))
    local k = gamma * (1 + beta)
    b.beta, b.k, b.axis_index = beta, k, a - 1
    local g = sim.grid
    -- the lab grid, which back-transformed diagnostics use by default; the boosted grid has the
    -- same cells, each k times longer along the axis (the lab resolution of a +a pulse kept)
    b.lab_lower, b.lab_upper = { g.lower[1], g.lower[2], g.lower[3] }, { g.upper[1], g.upper[2], g.upper[3] }
    g.lower[a], g.upper[a] = k * g.lower[a], k * g.upper[a]
    if sim.solver.dt then sim.solver.dt = k * sim.solver.dt end
    if sim.moving_window then sim.moving_window.start = k * sim.moving_window.start end
    for _, l in ipairs(sim.lasers) do
        l.position[a] = k * l.position[a]
        l.wavelength, l.tau, l.fwhm, l.t_peak = k * l.wavelength, k * l.tau, k * l.fwhm, k * l.t_peak
        l.E0, l.focal_distance = l.E0 / k, l.focal_distance / k
    end
    -- a plasma at rest in the lab (or drifting at v_d along a) is denser by gamma (1 - beta v_d / c)
    -- in the boosted frame; the momenta are boosted per particle on the device
    for _, sp in ipairs(sim.species) do
        if not sp.beam and sp.density then
            local ud = sp.u_drift[a]
            local factor = gamma * (1 - beta * ud / math.sqrt(1 + ud * ud))
            local d = sp.density
            if d.value then
                d.value = d.value * factor
                d.text = float_literal(d.value)
            else
                d.text = "(" .. float_literal(factor) .. ")*(" .. d.text .. ")"
            end
        end
    end
    -- stop_time in the lab: the boosted run lasts until it has covered every point of the lab
    -- window (or domain) at that lab time, so that a back-transformed snapshot of it is whole
    b.lab_stop_time = 0.0
    if sim.stop_time and b.stop_time_frame == "lab" then
        local T, lo = sim.stop_time, b.lab_lower[a]
        local t
        if sim.moving_window then
            -- the window's lower edge, lo + c (T - start) once it moves, is the last point the
            -- boosted run reaches (t' falls along +a); start is already the boosted one here
            local start = sim.moving_window.start / k
            if T > start then
                t = T / k + gamma * beta * (start - lo / K.c)
            else
                t = gamma * (T - beta * lo / K.c)
            end
        else
            t = gamma * (T - beta * lo / K.c) -- the domain's lower face, at rest in the lab
        end
        if not (t > 0) then
            fail("stop_time", string.format("%s s in the lab is t' = %s s in the boosted frame; expected a lab time "
                .. "that the boosted run reaches (t' > 0: a later stop_time, or boost.stop_time_frame = 'boosted')",
                numtext(T), numtext(t)))
        end
        b.lab_stop_time = T
        sim.stop_time = t
    end
end

return B
