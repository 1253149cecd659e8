/* luamod.c: picl's Lua modules, found among the embedded files (tools/embed.c) so that picl
 * runs from any directory and never reads Lua from disk. */
#include "luamod.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "embedded.h"
#include "filekind.h"
#include "hash.h"
#include "mem.h"

static const struct embedded_file *find_module(const char *name)
{
    char path[128];
    if (snprintf(path, sizeof path, "lua/%s.lua", name) >= (int)sizeof path)
        return NULL;
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (strcmp(f->name, path) == 0)
            return f;
    return NULL;
}

/* Pushes the chunk of lua/NAME.lua, named as its file so that a traceback points there. */
static void load_module(lua_State *L, const struct embedded_file *f)
{
    lua_pushfstring(L, "@%s", f->name);
    if (luaL_loadbufferx(L, f->data, f->size, lua_tostring(L, -1), "t") != LUA_OK)
        lua_error(L);
    lua_remove(L, -2);
}

/* package.searchers' only entry: require("schema") is lua/schema.lua of the binary. */
static int search_embedded(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    const struct embedded_file *f = find_module(name);
    if (!f) {
        lua_pushfstring(L, "no module '%s' built into picl (lua/%s.lua)", name, name);
        return 1;
    }
    load_module(L, f);
    lua_pushstring(L, f->name);
    return 2;
}

/* Closes a file that open_regular made (luaL_Stream's closef). */
static int close_regular(lua_State *L)
{
    luaL_Stream *p = luaL_checkudata(L, 1, LUA_FILEHANDLE);
    const int ok = fclose(p->f) == 0;
    return luaL_fileresult(L, ok, NULL);
}

/* hostfile.open(path): a Lua file opened for reading, or nil and a message; regular files only,
 * since a FIFO, a terminal or a device can block a read for ever, where no limit of the
 * script's CPU time can reach. stat refuses them before open (opening a device may act on it);
 * open without blocking and fstat refuse one put in its place meanwhile. */
static int open_regular(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    struct stat st;
    if (stat(path, &st))
        return luaL_fileresult(L, 0, path);
    int fd = S_ISREG(st.st_mode) ? open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) : -1;
    if (S_ISREG(st.st_mode) && fd < 0)
        return luaL_fileresult(L, 0, path);
    if (fd >= 0 && (fstat(fd, &st) || !S_ISREG(st.st_mode))) {
        close(fd);
        fd = -1;
    }
    if (fd < 0) {
        luaL_pushfail(L);
        lua_pushfstring(L, "%s: not a regular file (%s); input scripts read regular files only, since reading a FIFO, "
                        "a terminal or a device may never end", path, file_kind(st.st_mode));
        lua_pushinteger(L, EINVAL);
        return 3;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    luaL_Stream *p = lua_newuserdatauv(L, sizeof *p, 0);
    p->closef = NULL; /* a closed file until fdopen succeeds */
    luaL_setmetatable(L, LUA_FILEHANDLE);
    p->f = fdopen(fd, "r");
    if (!p->f) {
        const int e = errno;
        close(fd);
        errno = e;
        return luaL_fileresult(L, 0, path);
    }
    p->closef = close_regular;
    return 1;
}

/* The metatables every value of a type shares (strings') or every file shares: a script that
 * reached one could change how picl's own Lua code runs (string methods, file finalizers), so
 * getmetatable answers `false` for them (lua/sandbox.lua gives scripts no other way in). */
static void protect_metatable(lua_State *L)
{
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
}

void luamod_open(lua_State *L)
{
    luaL_openlibs(L);
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_remove(L, -2);
    protect_metatable(L);
    luaL_getmetatable(L, LUA_FILEHANDLE);
    protect_metatable(L);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "loaded");
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, open_regular);
    lua_setfield(L, -2, "open");
    lua_setfield(L, -2, "hostfile"); /* require("hostfile"), for lua/sandbox.lua */
    lua_pop(L, 2);
    lua_getglobal(L, "package");
    lua_createtable(L, 1, 0);
    lua_pushcfunction(L, search_embedded);
    lua_rawseti(L, -2, 1);
    lua_setfield(L, -2, "searchers");
    lua_pop(L, 1);

    const struct embedded_file *module = find_module("picl");
    if (!module)
        luaL_error(L, "internal error: lua/picl.lua is not built into this binary");
    load_module(L, module);
    lua_call(L, 0, 2);
}

/* The limits of every script picl runs: set once by main (--lua-limits, PICL_LUA_LIMITS) before
 * any is loaded; defaults far above what a real input takes (well under a second, a few MiB). */
static double limit_seconds = LUAMOD_DEFAULT_SECONDS;
static size_t limit_bytes = (size_t)LUAMOD_DEFAULT_MIB << 20;

int luamod_set_limits(const char *text, char *err, size_t err_len)
{
    char *end;
    const double seconds = strtod(text, &end);
    double mib = -1;
    if (*end == ',')
        mib = strtod(end + 1, &end);
    if (*end || !(seconds > 0) || !(seconds <= 1e6) || !(mib >= 1) || !(mib <= 1 << 24)) {
        snprintf(err, err_len, "--lua-limits: '%s'; expected SECONDS,MIB (CPU seconds and MiB of memory for an input "
                               "script, > 0 and >= 1; defaults %d,%d)", text, LUAMOD_DEFAULT_SECONDS, LUAMOD_DEFAULT_MIB);
        return -1;
    }
    limit_seconds = seconds;
    limit_bytes = (size_t)(mib * 1048576.0);
    return 0;
}

/* This thread's CPU time: OpenCL's threads (PoCL's pool) must not count against a script. */
static double thread_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
        return (double)clock() / CLOCKS_PER_SEC;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One state's use against the limits: the allocator counts bytes, a count hook reads the CPU clock. */
struct budget {
    size_t used, cap;
    double start;
    double seconds;
    int out_of_memory, out_of_time;
};

static void *budget_alloc(void *ud, void *p, size_t old_size, size_t new_size)
{
    struct budget *b = ud;
    const size_t old = p ? old_size : 0; /* without p, old_size is the type of the new object */
    if (new_size > old && new_size - old > b->cap - b->used) {
        b->out_of_memory = 1;
        return NULL; /* Lua raises its memory error, which luamod_run words */
    }
    void *q = mem_lua_alloc(NULL, p, old_size, new_size);
    if (q || new_size == 0)
        b->used = b->used - old + new_size;
    return q;
}

static void budget_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    void *ud;
    lua_getallocf(L, &ud);
    struct budget *b = ud;
    if (b->out_of_time || thread_seconds() - b->start > b->seconds) {
        /* from now on every hook fails again, so a script's pcall cannot swallow the stop */
        b->out_of_time = 1;
        lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
        luaL_error(L, "stopped by the CPU limit");
    }
}

/* The count hook never runs inside one long library call (a pathological string.find pattern,
 * a sort of a huge table), nor inside a finalizer (Lua turns hooks off there, and lua_close runs
 * them all), nor while a read waits: two timers are the last resort, one on this thread's CPU
 * clock at twice the limit and a second more, one on the wall clock at ten times the limit and
 * ten seconds more (a loaded machine may give a script a small share of a core, and the CPU
 * timer's clearer message should come first while the script computes). Both run from
 * before the state is made until after it is closed. Their handler can only write and leave, so
 * the messages are made beforehand; this is the one exit below main, because nothing else can
 * stop that call. */
static char watchdog_message[2][512];
static size_t watchdog_len[2];
static struct sigaction watchdog_old[2]; /* SIGXCPU's and SIGALRM's handlers before, put back after */
static const int watchdog_signal[2] = {SIGXCPU, SIGALRM};

static void watchdog_fire(int sig)
{
    const int w = sig == SIGALRM;
    ssize_t n = write(STDERR_FILENO, watchdog_message[w], watchdog_len[w]);
    (void)n;
    _exit(2);
}

static double watchdog_after(int w)
{
    return w ? 10 * limit_seconds + 10 : 2 * limit_seconds + 1;
}

/* Timer w (0 CPU, 1 wall clock): 0 when armed, -1 when not (then the count hook alone). */
static int watchdog_arm(int w, timer_t *timer, const char *path, const char *prefix)
{
    const double after = watchdog_after(w);
    int n = w ? snprintf(watchdog_message[w], sizeof watchdog_message[w],
                         "picl: error: %s%s: the script ran for more than %g s of wall-clock time, past the limit on "
                         "input scripts (a read that never ends, a finalizer that never returns); stopped "
                         "(--lua-limits raises it)\n", prefix, path, after)
              : snprintf(watchdog_message[w], sizeof watchdog_message[w],
                         "picl: error: %s%s: the script ran for more than %g s of CPU time inside one library call "
                         "(a string pattern, a sort) or a finalizer, past the limit on input scripts; stopped "
                         "(--lua-limits raises it)\n", prefix, path, after);
    watchdog_len[w] = n < 0 ? 0 : (size_t)n < sizeof watchdog_message[w] ? (size_t)n : sizeof watchdog_message[w] - 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = watchdog_fire;
    sigemptyset(&sa.sa_mask);
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = watchdog_signal[w];
    if (sigaction(watchdog_signal[w], &sa, &watchdog_old[w]))
        return -1;
    if (timer_create(w ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &ev, timer)) {
        sigaction(watchdog_signal[w], &watchdog_old[w], NULL);
        return -1;
    }
    struct itimerspec when = {.it_value = {.tv_sec = (time_t)after, .tv_nsec = (long)((after - (time_t)after) * 1e9)}};
    if (timer_settime(*timer, 0, &when, NULL)) {
        timer_delete(*timer);
        sigaction(watchdog_signal[w], &watchdog_old[w], NULL);
        return -1;
    }
    return 0;
}

static void watchdog_disarm(int w, timer_t timer)
{
    timer_delete(timer);
    sigaction(watchdog_signal[w], &watchdog_old[w], NULL);
}

int luamod_run(lua_CFunction fn, void *job, const char *path, const char *prefix, const char *suffix,
               const char *no_message, char *err, size_t err_len)
{
    struct budget b = {.cap = limit_bytes, .start = thread_seconds(), .seconds = limit_seconds};
    timer_t timer[2];
    int watched[2];
    for (int w = 0; w < 2; w++)
        watched[w] = watchdog_arm(w, &timer[w], path, prefix) == 0;
    lua_State *L = lua_newstate(budget_alloc, &b);
    if (!L) {
        for (int w = 0; w < 2; w++)
            if (watched[w])
                watchdog_disarm(w, timer[w]);
        snprintf(err, err_len, "%s: cannot create a Lua state (out of memory)", path);
        return -1;
    }
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, 10000);
    int rc = 0;
    lua_pushcfunction(L, fn);
    lua_pushlightuserdata(L, job);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        if (b.out_of_time)
            snprintf(err, err_len, "%s%s: the script ran for more than %g s of CPU time, the limit on input scripts "
                     "(--lua-limits SECONDS,MIB or PICL_LUA_LIMITS raises it)%s", prefix, path, b.seconds, suffix);
        else if (b.out_of_memory)
            snprintf(err, err_len, "%s%s: the script needed more than %.0f MiB of memory, the limit on input scripts "
                     "(--lua-limits SECONDS,MIB or PICL_LUA_LIMITS raises it)%s", prefix, path,
                     (double)b.cap / 1048576.0, suffix);
        else
            snprintf(err, err_len, "%s%s%s", prefix, msg ? msg : no_message, suffix);
        rc = -2;
    }
    lua_close(L); /* runs the finalizers left: still under both timers */
    for (int w = 0; w < 2; w++)
        if (watched[w])
            watchdog_disarm(w, timer[w]);
    return rc;
}

void luamod_push_strings(lua_State *L, const char *const *s, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, s[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

/* math.randomseed with the input's seed when called without one: Lua would seed from the time
 * and an address, which differ between the ranks of an MPI run (issue #42). */
static int randomseed_fixed(lua_State *L)
{
    if (lua_gettop(L) == 0)
        lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Every rank of an MPI run resolves the input on its own, and must resolve the same run: so
 * math.random starts from a seed made of the input (its text and --set list), the same on every
 * rank and in every run of that input, rather than Lua's seed of the time and an address. */
static void seed_random(lua_State *L, const struct luamod_job *job)
{
    uint64_t h = hash_fnv1a(HASH_FNV1A_SEED, job->text, job->len);
    for (int i = 0; i < job->n_sets; i++)
        h = hash_fnv1a(h, job->sets[i], strlen(job->sets[i]) + 1);
    lua_getglobal(L, "math");
    lua_getfield(L, -1, "randomseed");
    lua_pushvalue(L, -1);
    lua_pushinteger(L, (lua_Integer)(h >> 1)); /* non-negative: any Lua 5.4 takes it */
    lua_call(L, 1, 0);
    lua_pushinteger(L, (lua_Integer)(h >> 1));
    lua_pushcclosure(L, randomseed_fixed, 2);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 1);
}

void luamod_resolve(lua_State *L, const struct luamod_entry *e, const struct luamod_job *job)
{
    luamod_open(L); /* -> public module, internal */
    seed_random(L, job);
    lua_getfield(L, -1, e->fn);
    lua_pushstring(L, job->path);
    lua_pushlstring(L, job->text, job->len);
    if (e->takes_sets)
        luamod_push_strings(L, job->sets, job->n_sets);
    lua_createtable(L, 0, e->n_limits + 1);
    for (int i = 0; i < e->n_limits; i++) {
        lua_pushinteger(L, e->limits[i].value);
        lua_setfield(L, -2, e->limits[i].name);
    }
    if (e->version) {
        lua_pushstring(L, e->version);
        lua_setfield(L, -2, "version");
    }
    lua_call(L, e->takes_sets ? 4 : 3, 2); /* -> resolved | nil, message */
    if (lua_isnil(L, -2))
        lua_error(L);
    lua_pop(L, 1);
}
