-- diag_schema.lua: the keys of the physicist's reduced diagnostics (docs/output.md): beam
-- moments, particle extrema, histograms of particle quantities and field probes, and the rule
-- that checks them against the rest of the simulation.

local text = require("text")
local check = require("check")
local repr, quoted_list = text.repr, text.quoted_list
local fail, join, number, integer, positive = check.fail, check.join, check.number, check.integer, check.positive
local one_of, name_kind, section, list_of = check.one_of, check.name_kind, check.section, check.list_of
local check_value, three, expression = check.check_value, check.three, check.expression

-- base/config_diags.h's CFG_HIST_QUANTITIES, in its order
local HIST_QUANTITIES = { "x", "y", "z", "ux", "uy", "uz", "gamma", "energy" }

local NAME = { kind = name_kind("a name of letters, digits and _"), required = true, doc = "the CSV file's base name" }
local INTERVAL = { kind = integer("a positive integer", positive), required = true, doc = "steps" }
local SPECIES = { kind = name_kind("a species name"), required = true, doc = "which species" }

-- Compiled into the diagnostic's kernel (templates/particle_stats.cl, gen/diag_kernels.c).
local FILTER = { kind = expression("an OpenCL C condition in x, y, z (m), ux, uy, uz (gamma v / c), gamma, "
    .. "energy (J), e.g. \"gamma > 10 && x > 0\""), doc = "only the particles for which it holds" }

local species_diag = section {
    keys = { name = NAME, interval = INTERVAL, species = SPECIES, filter = FILTER },
}

local hist_axis = section {
    keys = {
        quantity = { kind = one_of("quantity", HIST_QUANTITIES),
            doc = "x, y, z (m), ux, uy, uz (gamma v / c), gamma, energy (kinetic, J)" },
        expression = { kind = expression("an OpenCL C expression in x, y, z (m), ux, uy, uz (gamma v / c), gamma, "
            .. "energy (J), e.g. \"ux*ux + uy*uy\""), doc = "a user quantity, instead of quantity" },
        bins = { kind = integer("a positive integer", positive), required = true, doc = "bins along this axis" },
        min = { kind = number("a finite number"), doc = "lower edge of the first bin" },
        max = { kind = number("a finite number"), doc = "upper edge of the last bin" },
        range = { kind = one_of("range", { "auto" }),
            doc = "\"auto\": min and max from the species' extrema at each due step, instead of min and max" },
    },
    rules = { function(a, key)
        if (a.quantity == nil) == (a.expression == nil) then
            fail(join(key, "quantity"), a.quantity and "given beside expression; expected one or the other"
                or "missing; expected one of " .. quoted_list(HIST_QUANTITIES) .. ", or expression = \"...\"")
        end
        if a.expression then
            a.quantity = "expression"
            if a.range == "auto" then
                fail(join(key, "range"), "\"auto\" takes the extrema of a quantity; an expression axis needs min and max")
            end
        end
        a.auto_range = a.range == "auto" and 1 or 0
        if a.range == "auto" then
            if a.min or a.max then
                fail(join(key, a.min and "min" or "max"), "given beside range = \"auto\"; expected one or the other")
            end
            return
        end
        for _, k in ipairs { "min", "max" } do
            if not a[k] then fail(join(key, k), "missing; expected a number, or range = \"auto\"") end
        end
        if a.max <= a.min then
            fail(join(key, "max"), string.format("%s is not above min = %s; expected max > min", repr(a.max), repr(a.min)))
        end
    end },
}

-- One to three axes, a list of tables (one table alone is a list of one).
local axes_kind = { what = "a list of 1 to 3 axes {quantity = \"x\", bins = 64, min = ..., max = ...}",
    check = function(v, key, ctx)
        if type(v) ~= "table" then return nil end
        if v[1] == nil and next(v) ~= nil then v = { v } end
        if #v < 1 or #v > 3 then return nil, string.format("%d axes; expected 1 to 3", #v) end
        local out, bins = {}, 1
        for i, a in ipairs(v) do
            out[i] = check_value({ kind = hist_axis }, a, join(key, i), ctx)
            bins = bins * out[i].bins
        end
        if bins > ctx.limits.hist_bins then
            return nil, string.format("%d bins in all; expected at most %d", bins, ctx.limits.hist_bins)
        end
        return out
    end }

local histogram = section {
    keys = {
        name = NAME, interval = INTERVAL, species = SPECIES,
        axes = { kind = axes_kind, required = true, doc = "the quantities binned, x of the first fastest" },
        weight = { kind = one_of("weighting", { "weight", "charge" }), default = "weight",
            doc = "a bin sums the particles' weights (physical particles) or charges (C)" },
        filter = FILTER,
        weight_expression = { kind = expression("an OpenCL C expression in x, y, z (m), ux, uy, uz, gamma, energy (J)"),
            doc = "each particle counts its weight (or charge) times this, e.g. \"gamma\"" },
    },
}

local points_kind = { what = "a list of points {x, y, z} in m", check = function(v, key, ctx)
    if type(v) ~= "table" then return nil end
    if type(v[1]) == "number" then v = { v } end
    if #v < 1 then return nil end
    if #v > ctx.limits.probe_points then
        return nil, string.format("%d points; expected at most %d", #v, ctx.limits.probe_points)
    end
    -- one coordinate per axis of the geometry ({x, z} in 2D, {z} in 1D; y = 0 there)
    local out, vec = {}, check.spatial(number("a finite number"), "3 numbers", 0)
    local want = ({ [3] = "{x, y, z}", [2] = "{x, z}", [1] = "{z}" })[#check.kept_axes(ctx)]
    for i, p in ipairs(v) do
        out[i] = vec.check(p, key, ctx)
        if not out[i] then return nil, string.format("point %d is %s; expected %s in m", i, repr(p), want) end
    end
    return out
end }

local count_kind = { what = "an integer >= 2 or two of them", check = function(v, key, ctx)
    if math.type(v) == "integer" then v = { v } end
    if type(v) ~= "table" or #v < 1 or #v > 2 then return nil end
    for _, n in ipairs(v) do if math.type(n) ~= "integer" or n < 2 then return nil end end
    if v[1] * (v[2] or 1) > ctx.limits.probe_grid then
        return nil, string.format("%d points; expected at most %d", v[1] * (v[2] or 1), ctx.limits.probe_grid)
    end
    return v
end }

local probe = section {
    keys = { name = NAME, interval = INTERVAL,
        kind = { kind = one_of("probe kind", { "points", "line", "plane" }), default = "points",
            doc = "listed points (CSV), or a line or a plane of evenly spaced points (openPMD mesh)" },
        points = { kind = points_kind, doc = "where, m (kind points)" },
        start = { kind = check.spatial(number("a finite number"), "3 numbers", 0), doc = "m: the line's or plane's first corner" },
        ["end"] = { kind = check.spatial(number("a finite number"), "3 numbers", 0), doc = "m: its opposite corner" },
        count = { kind = count_kind, doc = "points along the line, or along the plane's two axes" } },
}

-- A line or plane probe: its corners differ along 1 or 2 axes, the ones its points span.
local function check_probe_grid(e, key)
    if e.kind == "points" then
        if not e.points then fail(join(key, "points"), "missing; expected a list of points {x, y, z} in m") end
        return
    end
    for _, k in ipairs { "start", "end", "count" } do
        if not e[k] then fail(join(key, k), "missing; a " .. e.kind .. " probe needs start, end and count") end
    end
    local axes = {}
    for a = 1, 3 do if e.start[a] ~= e["end"][a] then axes[#axes + 1] = a - 1 end end
    local want = e.kind == "line" and 1 or 2
    if #axes ~= want or #e.count ~= want then
        fail(join(key, #axes ~= want and "end" or "count"), string.format(
            "a %s probe spans %d axis(es): start and end differ along %d, count has %d; expected %d of each",
            e.kind, want, #axes, #e.count, want))
    end
    e.points = { e.start, e["end"] } -- checked inside the domain below
    e.count_pair = { e.count[1], e.count[2] or 1, 0 }
    e.axis_pair = { axes[1], axes[2] or -1, 0 }
end

local keys = {
    moments = { kind = list_of(species_diag, "moments diagnostic", "pdiag"), default = {},
        doc = "beam moments of a species: charge, means, rms, emittance, energy spread" },
    extrema = { kind = list_of(species_diag, "extrema diagnostic", "pdiag"), default = {},
        doc = "minima and maxima of a species' positions, momenta and gamma" },
    histograms = { kind = list_of(histogram, "histogram", "hist"), default = {},
        doc = "particle binning over 1 to 3 quantities" },
    probes = { kind = list_of(probe, "probe", "probes"), default = {}, doc = "E and B at points" },
    field_maxima = { kind = list_of(section { keys = { name = NAME, interval = INTERVAL } }, "field maxima diagnostic",
        "pdiag"), default = {}, doc = "the largest |E|, |B| and their components over the grid" },
    costs = { kind = list_of(section { keys = { name = NAME, interval = INTERVAL } }, "costs diagnostic", "pdiag"),
        default = {}, doc = "each box's particles, kernel time and owning rank" },
}

-- Species by name, every CSV name once in output_dir, probes inside the domain.
local function check_diagnostics(sim)
    local names = {}
    for _, sp in ipairs(sim.species) do names[#names + 1] = sp.name end
    local d = sim.diagnostics
    local files = {}
    for _, r in ipairs(d.reduced) do files[r.name] = "diagnostics.reduced." .. r.name end
    -- a histogram of 2 or 3 axes also writes the folder <name>/, as a full diagnostic does
    local folders = {}
    for _, f in ipairs(d.full) do folders[f.name] = "diagnostics.full." .. f.name end
    for _, kind in ipairs { "moments", "extrema", "histograms", "probes", "field_maxima", "costs" } do
        for _, e in ipairs(d[kind]) do
            local key = "diagnostics." .. kind .. "." .. e.name
            if files[e.name] then
                fail(key, string.format("the file %s.csv is also %s's; expected another name", e.name, files[e.name]))
            end
            files[e.name] = key
            if kind == "histograms" and #e.axes > 1 and folders[e.name] then
                fail(key, string.format("the folder %s/ is also %s's; expected another name", e.name, folders[e.name]))
            end
            if e.species then
                check.known_species(e.species, names, join(key, "species"))
                for i, n in ipairs(names) do if n == e.species then e.species_index = i - 1 end end
            end
            if kind == "probes" then check_probe_grid(e, key) end
            for i, p in ipairs(e.points or {}) do
                for a = 1, 3 do
                    local lo, hi = sim.grid.lower[a], sim.grid.upper[a]
                    if p[a] < lo or p[a] > hi then
                        fail(join(key, "points"), string.format("point %d lies outside the domain along %s: %s m; "
                            .. "expected %s <= %s <= %s m", i, ("xyz"):sub(a, a), repr(p[a]), repr(lo),
                            ("xyz"):sub(a, a), repr(hi)))
                    end
                end
            end
        end
    end
end

return { keys = keys, rule = check_diagnostics }
