-- constants.lua: picl's physical constants, SI, CODATA 2018: the same values as gen/gen.h,
-- which defines these names inside every user expression, so `picl.c` in Lua and `c` in an
-- expression string agree. picl.lua hands them to scripts; the schema computes with them.

local K = {}
K.c = 299792458.0 -- m/s
K.eps0 = 8.8541878128e-12 -- F/m
K.mu0 = 1.25663706212e-6 -- N/A^2
K.q_e = 1.602176634e-19 -- C
K.m_e = 9.1093837015e-31 -- kg
K.m_p = 1.67262192369e-27 -- kg
K.pi = math.pi

return K
