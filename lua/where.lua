-- where.lua: where in the input text a key was written, so that a message reads
-- "FILE:LINE: KEY: ..." although Lua tables carry no line numbers.

-- The input text is searched: each part of the key in turn ("species", then "electrons" as a
-- quoted name, then "density"), each after the one before, comments blanked out. Failing that,
-- the picl.simulation line.

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

return { strip_comments = strip_comments, line_at = line_at, key_line = key_line, where = where }
