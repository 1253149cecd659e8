-- text.lua: the words of picl's messages: numbers as they read back, values as the user
-- wrote them, and the closest name to a misspelt one ("did you mean ...?").

local T = {}

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

T.numtext, T.float_literal, T.sorted_keys, T.repr = numtext, float_literal, sorted_keys, repr
T.expected, T.closest, T.quoted_list, T.unknown_key = expected, closest, quoted_list, unknown_key
return T
