/* sim_io.c: the run as io/ sees it (struct io_state), and checkpoints of a whole struct sim
 * through it, so that io/ includes nothing of sim/. */
#include "sim.h"

#include "checkpoint.h"

struct io_state sim_io_state(struct sim *s)
{
    return (struct io_state){.ctx = &s->ctx,
                             .fields = &s->fields,
                             .pml = &s->pml,
                             .species = s->species,
                             .n_species = s->n_species,
                             .window = &s->window,
                             .staging = &s->staging,
                             .btd = s->btd,
                             .step = s->step,
                             .time = s->time};
}

int ckpt_write(struct sim *s, double *bytes, char *path, size_t path_len, char *err, size_t err_len)
{
    const struct io_state io = sim_io_state(s);
    return ckpt_save(&io, bytes, path, path_len, err, err_len);
}

int ckpt_restore(struct sim *s, const char *path, char *err, size_t err_len)
{
    struct io_state io = sim_io_state(s);
    if (ckpt_load(&io, path, err, err_len))
        return -1;
    s->step = s->start_step = io.step;
    s->time = io.time;
    s->restarted = 1;
    snprintf(s->restart_path, sizeof s->restart_path, "%s", path);
    return 0;
}
