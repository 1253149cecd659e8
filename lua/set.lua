-- set.lua: --set KEY=VALUE, applied to the script's table before validation. The schema guides
-- the walk, so an unknown key is reported at the part that is wrong, with a close match.

local text = require("text")
local check = require("check")
local closest, quoted_list, unknown_key = text.closest, text.quoted_list, text.unknown_key
local fail, join, IDENT = check.fail, check.join, check.IDENT

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

-- `root`: the kind of the whole input (schema.simulation).
local function apply_set(ctx, root, input, s)
    local key, text = s:match("^%s*([^=]-)%s*=(.*)$")
    if not key or key == "" then
        fail("", string.format("'%s': expected key=value, e.g. steps=20 or solver.cfl=0.5", s), "--set")
    end
    local value = set_value(text)
    if value == NIL then value = nil end
    local parts = {}
    for part in (key .. "."):gmatch("([^.]*)%.") do parts[#parts + 1] = part end
    local kind, holder, canon = root, input, {}
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
    -- steps and stop_time exclude each other: one given on the command line replaces the script's
    -- other (not one that --set gave too, which stays an error), and the run says so once.
    local other = ({ steps = "stop_time", stop_time = "steps" })[here()]
    if other and value ~= nil and input[other] ~= nil then
        for _, p in ipairs(ctx.set_paths) do
            if p == other then return end
        end
        ctx.set_notes[#ctx.set_notes + 1] = string.format("--set %s=%s replaces the input's %s = %s%s",
            here(), text:match("^%s*(.-)%s*$"), other,
            type(input[other]) == "number" and string.format("%.6g", input[other]) or tostring(input[other]), other == "stop_time" and " s" or "")
        input[other] = nil
    end
end

return { apply = apply_set }
