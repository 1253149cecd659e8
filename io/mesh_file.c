/* mesh_file.c: the openPMD file of one iteration's meshes for the reduced diagnostics that
 * write meshes (mesh_file.h); the file is written under a temporary name and renamed when
 * complete (hio_finish), as every picl output. */
#include "mesh_file.h"

#include <stdio.h>
#include <stdlib.h>

static int root_attrs(hid_t f)
{
    char date[64], author[128], deps[128];
    hio_date(date, sizeof date);
    const char *user = getenv("USER");
    snprintf(author, sizeof author, "%s", user && user[0] ? user : "unknown");
    unsigned maj, min, rel;
    H5get_libversion(&maj, &min, &rel);
    snprintf(deps, sizeof deps, "HDF5@%u.%u.%u;OpenCL@1.2", maj, min, rel);
    return hio_attr_string(f, "openPMD", "1.1.0") | hio_attr_u32(f, "openPMDextension", 0) |
           hio_attr_string(f, "basePath", "/data/%T/") | hio_attr_string(f, "meshesPath", "meshes/") |
           hio_attr_string(f, "iterationEncoding", "fileBased") |
           hio_attr_string(f, "iterationFormat", "openpmd_%06T.h5") | hio_attr_string(f, "author", author) |
           hio_attr_string(f, "software", "picl") | hio_attr_string(f, "softwareVersion", PICL_VERSION) |
           hio_attr_string(f, "softwareDependencies", deps) | hio_attr_string(f, "date", date);
}

int meshf_write_rank0(struct hio_file *file, hid_t d, int n, const hsize_t *dims, const double *data)
{
    hid_t fs = H5Dget_space(d), ms = H5Screate_simple(n, dims, NULL);
    int bad = fs < 0 || ms < 0 || (hio_rank() != 0 && (H5Sselect_none(fs) < 0 || H5Sselect_none(ms) < 0)) ||
              H5Dwrite(d, H5T_NATIVE_DOUBLE, ms, fs, file->dxpl, data) < 0;
    hio_close_transfer(d, fs, ms);
    return bad ? -1 : 0;
}

hid_t meshf_particles(struct hio_file *file, long step)
{
    char base[64];
    snprintf(base, sizeof base, "data/%ld/particles", step);
    if (hio_attr_string(file->id, "particlesPath", "particles/"))
        return H5I_INVALID_HID;
    return hio_group(file->id, base);
}

int meshf_write(const struct io_state *io, const char *key, const char *name,
                int (*records)(struct hio_file *file, hid_t meshes, const void *arg), const void *arg, char *err,
                size_t err_len)
{
    char dir[CFG_PATH_LEN + CFG_NAME_LEN + 2], path[sizeof dir + 32], base[64];
    snprintf(dir, sizeof dir, "%s/%s", io->ctx->cfg->output_dir, name);
    snprintf(path, sizeof path, "%s/openpmd_%06ld.h5", dir, io->step);
    struct hio_file file;
    if (hio_mkdirs(dir, err, err_len) || hio_create(&file, path, 0, err, err_len))
        return -1;
    snprintf(base, sizeof base, "data/%ld/meshes", io->step);
    hid_t meshes = hio_group(file.id, base); /* makes data/<T> too */
    int rc = 0;
    snprintf(base, sizeof base, "data/%ld", io->step);
    hid_t it = meshes >= 0 ? H5Gopen2(file.id, base, H5P_DEFAULT) : H5I_INVALID_HID;
    if (meshes < 0 || it < 0 || root_attrs(file.id) || hio_attr_double(it, "time", io->time) ||
        hio_attr_double(it, "dt", io->ctx->cfg->dt) || hio_attr_double(it, "timeUnitSI", 1.0) ||
        records(&file, meshes, arg)) {
        char why[512];
        hio_reason(why, sizeof why);
        snprintf(err, err_len, "%s.%s: writing '%s' failed%s%s", key, name, file.partial, why[0] ? ": " : "", why);
        rc = -1;
    }
    if (it >= 0)
        H5Gclose(it);
    if (meshes >= 0)
        H5Gclose(meshes);
    char finish_err[1024] = "";
    if (hio_finish(&file, rc == 0, 0, finish_err, sizeof finish_err) && rc == 0) {
        snprintf(err, err_len, "%s.%s: %s", key, name, finish_err);
        rc = -1;
    }
    return rc;
}
