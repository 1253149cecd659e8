/* test_lua_watchdog.c: the last-resort limits on a Lua state (input/luamod.c) hold where the
 * count hook cannot act: a read that blocks (the wall-clock timer) and a finalizer that never
 * returns, run by lua_close (both timers stay armed until the state is closed). Each case runs
 * in a child process, which the watchdog must stop with exit 2 and its message within a stated
 * time; a child still running at 30 s is killed and the case fails (it used to hang for ever). */
#include "luamod.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "check.h"

static int block_fd = -1;

/* A read of a pipe whose write end stays open: it waits for ever, using no CPU. */
static int blocking_read(lua_State *L)
{
    (void)L;
    char c;
    ssize_t n = read(block_fd, &c, 1);
    (void)n;
    return 0;
}

/* A finalizer that never returns, left for lua_close: Lua turns hooks off while it runs. */
static int endless_finalizer(lua_State *L)
{
    luaL_openlibs(L);
    if (luaL_dostring(L, "setmetatable({}, {__gc = function() while true do end end})"))
        return lua_error(L);
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Runs fn under limits "0.2,64" in a child; its exit status (-1: still running at 30 s, killed),
 * its stderr in msg and the wall-clock seconds it took. */
static int run_child(lua_CFunction fn, char *msg, size_t msg_len, double *seconds)
{
    int out[2], hold[2];
    if (pipe(out) || pipe(hold))
        return -2;
    const double t0 = now();
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], STDERR_FILENO);
        block_fd = hold[0];
        char err[512];
        luamod_set_limits("0.2,64", err, sizeof err);
        luamod_run(fn, NULL, "test.lua", "", "", "no message", err, sizeof err);
        _exit(0);
    }
    close(out[1]);
    int status = 0, done = 0;
    while (now() - t0 < 30 && !(done = waitpid(pid, &status, WNOHANG) == pid))
        nanosleep(&(struct timespec){.tv_nsec = 20000000}, NULL);
    *seconds = now() - t0;
    if (!done) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    }
    ssize_t n = read(out[0], msg, msg_len - 1);
    msg[n > 0 ? n : 0] = '\0';
    close(out[0]);
    close(hold[0]);
    close(hold[1]);
    return done && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(void)
{
    char msg[1024];
    double seconds;

    /* the wall-clock timer fires at 10 x 0.2 + 10 = 12 s */
    int rc = run_child(blocking_read, msg, sizeof msg, &seconds);
    REPORT("blocking read: exit %d after %.2f s: %s", rc, seconds, msg);
    CHECK(rc == 2);
    CHECK(strstr(msg, "test.lua: the script ran for more than 12 s of wall-clock time") != NULL);
    CHECK(seconds >= 11.9 && seconds < 25);

    /* the CPU timer fires at 2 x 0.2 + 1 = 1.4 s of CPU, the wall-clock one at 12 s */
    rc = run_child(endless_finalizer, msg, sizeof msg, &seconds);
    REPORT("endless finalizer at lua_close: exit %d after %.2f s: %s", rc, seconds, msg);
    CHECK(rc == 2);
    CHECK(strstr(msg, "test.lua: the script ran for more than") != NULL);
    CHECK(seconds < 25);

    return check_finish();
}
