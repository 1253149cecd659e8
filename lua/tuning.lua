-- tuning.lua: the tuning file read back for tooling/tune_db.c: tuned{...} and limits{...} lines,
-- each checked against a section of its own, an error naming the line.

local check = require("check")
local schema = require("schema")
local number, positive, nonnegative, one_of = check.number, check.positive, check.nonnegative, check.one_of
local section, check_value = check.section, check.check_value
local work_group, sort = schema.work_group, schema.sort

local U = {}

-- Tuning files (`picl tune`, docs/bench.md): per device and problem class, the physics-neutral
-- settings that ran fastest there, and the device's measured limits, like CLBlast's database.
-- A file is Lua data: calls tuned{...} and limits{...}, one a line, run with nothing else in
-- reach; each call is checked against the sections below and an error names its line.

local text_kind = { what = "a string", check = function(v)
    if type(v) == "string" and #v < 256 then return v end
end }

-- Both kinds of entry name their device by the same three keys.
local function device_keys(keys)
    keys.vendor = { kind = text_kind, required = true, doc = "CL_DEVICE_VENDOR" }
    keys.device = { kind = text_kind, required = true, doc = "CL_DEVICE_NAME" }
    keys.driver = { kind = text_kind, required = true, doc = "CL_DRIVER_VERSION" }
    return keys
end

local tuned_entry = section {
    what = "a table {vendor = ..., device = ..., driver = ..., class = ..., ...}",
    keys = device_keys {
        class = { kind = text_kind, required = true, doc = "precision/order N/ppc N" },
        work_group = { kind = work_group, default = {} },
        deposition_strategy = { kind = one_of("deposition strategy", schema.names.deposition_strategy), default = "auto" },
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
    keys = device_keys {
        bandwidth_GBs = { kind = number("a positive number", positive), required = true, doc = "GB/s, triad" },
        double_GFlops = { kind = number("a non-negative number", nonnegative), default = 0, doc = "0: no fp64" },
        float_GFlops = { kind = number("a positive number", positive), required = true },
        date = { kind = text_kind, default = "" },
    },
}

-- Runs the tuning file at `path` (text `text`) and returns its entries in order, each with
-- `kind` ("tuned" or "limits") and `line`, or nil and one message "FILE:LINE: KEY: ...".
function U.read(path, text, limits)
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

return U
