/* device.c: finding and opening an OpenCL device. The listing order (platform by platform)
 * defines device indices, so `--device 1` means the same in `picl devices` and `picl run`. */
#include "device.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEVICES 64

struct found {
    cl_platform_id platform;
    cl_device_id device;
};

static int enumerate(struct found *found, int max)
{
    cl_platform_id platforms[16];
    cl_uint np = 0;
    if (clGetPlatformIDs(16, platforms, &np) != CL_SUCCESS)
        return 0;
    int n = 0;
    for (cl_uint p = 0; p < np && p < 16; p++) {
        cl_device_id ids[MAX_DEVICES];
        cl_uint nd = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, MAX_DEVICES, ids, &nd) != CL_SUCCESS)
            continue;
        for (cl_uint d = 0; d < nd && n < max; d++) {
            found[n].platform = platforms[p];
            found[n].device = ids[d];
            n++;
        }
    }
    return n;
}

static void info_string(cl_device_id id, cl_device_info what, char *out, size_t len)
{
    out[0] = '\0';
    if (clGetDeviceInfo(id, what, len, out, NULL) != CL_SUCCESS)
        snprintf(out, len, "?");
}

static void describe(struct device *dev, cl_platform_id platform, cl_device_id id, int index)
{
    memset(dev, 0, sizeof *dev);
    dev->platform = platform;
    dev->id = id;
    dev->index = index;
    info_string(id, CL_DEVICE_NAME, dev->name, sizeof dev->name);
    info_string(id, CL_DEVICE_VENDOR, dev->vendor, sizeof dev->vendor);
    info_string(id, CL_DEVICE_VERSION, dev->version, sizeof dev->version);
    info_string(id, CL_DRIVER_VERSION, dev->driver, sizeof dev->driver);
    if (clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof dev->platform_name, dev->platform_name, NULL))
        snprintf(dev->platform_name, sizeof dev->platform_name, "?");
    clGetDeviceInfo(id, CL_DEVICE_TYPE, sizeof dev->type, &dev->type, NULL);
    clGetDeviceInfo(id, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof dev->global_mem, &dev->global_mem, NULL);
    clGetDeviceInfo(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof dev->max_alloc, &dev->max_alloc, NULL);
    clGetDeviceInfo(id, CL_DEVICE_LOCAL_MEM_SIZE, sizeof dev->local_mem, &dev->local_mem, NULL);
    clGetDeviceInfo(id, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof dev->compute_units, &dev->compute_units, NULL);
    clGetDeviceInfo(id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof dev->mem_align_bits, &dev->mem_align_bits, NULL);
    dev->traits = traits_for_type((dev->type & CL_DEVICE_TYPE_CPU) != 0, (dev->type & CL_DEVICE_TYPE_GPU) != 0);

    char ext[8192];
    info_string(id, CL_DEVICE_EXTENSIONS, ext, sizeof ext);
    struct gen_device *f = &dev->facts;
    snprintf(f->name, sizeof f->name, "%s", dev->name);
    f->has_fp64 = strstr(ext, "cl_khr_fp64") != NULL;
    f->has_int64_atomics = strstr(ext, "cl_khr_int64_base_atomics") != NULL;
    f->is_cpu = (dev->type & CL_DEVICE_TYPE_CPU) != 0;
    clGetDeviceInfo(id, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof f->max_work_group, &f->max_work_group, NULL);
    f->local_mem = (size_t)dev->local_mem;
    cl_uint width = 0; /* the preferred width, else the native one */
    if (clGetDeviceInfo(id, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, sizeof width, &width, NULL) != CL_SUCCESS || !width)
        clGetDeviceInfo(id, CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, sizeof width, &width, NULL);
    f->vector_double = (int)width;
    width = 0;
    if (clGetDeviceInfo(id, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, sizeof width, &width, NULL) != CL_SUCCESS || !width)
        clGetDeviceInfo(id, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, sizeof width, &width, NULL);
    f->vector_float = (int)width;
    f->traits = dev->traits;
}

int device_list(FILE *out)
{
    struct found found[MAX_DEVICES];
    int n = enumerate(found, MAX_DEVICES);
    if (n == 0) {
        fprintf(out, "no OpenCL device found (is an ICD such as pocl-opencl-icd installed?)\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        struct device d;
        describe(&d, found[i].platform, found[i].device, i);
        fprintf(out, "[%d] %s  (%s; %s)\n", i, d.name, d.traits->kind, d.platform_name);
        fprintf(out, "    %s, driver %s\n", d.version, d.driver);
        fprintf(out, "    %u compute units, %.2f GiB global memory, largest buffer %.2f GiB, %.0f KiB local\n",
                d.compute_units, d.global_mem / 1073741824.0, d.max_alloc / 1073741824.0, d.local_mem / 1024.0);
        fprintf(out, "    max work-group %zu, fp64 %s, int64 atomics %s, preferred vectors %d doubles, %d floats\n",
                d.facts.max_work_group, d.facts.has_fp64 ? "yes" : "no", d.facts.has_int64_atomics ? "yes" : "no",
                d.facts.vector_double, d.facts.vector_float);
    }
    return 0;
}

static int contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return 1;
    }
    return 0;
}

static int pick(const struct found *found, int n, const char *spec, int local_rank)
{
    struct device d;
    if (!spec || !*spec) { /* a GPU when there is one (ranks of a node take them in turn), else the first device */
        int gpus[MAX_DEVICES], n_gpus = 0;
        for (int i = 0; i < n; i++) {
            describe(&d, found[i].platform, found[i].device, i);
            if (d.type & CL_DEVICE_TYPE_GPU)
                gpus[n_gpus++] = i;
        }
        return n_gpus ? gpus[local_rank % n_gpus] : 0;
    }
    char *end;
    long idx = strtol(spec, &end, 10);
    if (*end == '\0' && end != spec)
        return idx >= 0 && idx < n ? (int)idx : -1;
    for (int i = 0; i < n; i++) {
        describe(&d, found[i].platform, found[i].device, i);
        if ((!strcmp(spec, "cpu") && (d.type & CL_DEVICE_TYPE_CPU)) ||
            (!strcmp(spec, "gpu") && (d.type & CL_DEVICE_TYPE_GPU)) || contains_nocase(d.name, spec))
            return i;
    }
    return -1;
}

int device_open(struct device *dev, const char *spec, char *err, size_t err_len)
{
    return device_open_ranked(dev, spec, 0, err, err_len);
}

int device_open_ranked(struct device *dev, const char *spec, int local_rank, char *err, size_t err_len)
{
    struct found found[MAX_DEVICES];
    int n = enumerate(found, MAX_DEVICES);
    if (n == 0) {
        snprintf(err, err_len, "no OpenCL device found (is an ICD such as pocl-opencl-icd installed?)");
        return -1;
    }
    int i = pick(found, n, spec, local_rank);
    if (i < 0) {
        size_t used = (size_t)snprintf(err, err_len, "device '%s' matches nothing; devices are:", spec);
        for (int k = 0; k < n && used < err_len; k++) {
            struct device d;
            describe(&d, found[k].platform, found[k].device, k);
            used += (size_t)snprintf(err + used, err_len - used, " [%d] %s (%s);", k, d.name, d.traits->kind);
        }
        return -1;
    }
    describe(dev, found[i].platform, found[i].device, i);
    cl_int rc;
    dev->context = clCreateContext(NULL, 1, &dev->id, NULL, NULL, &rc);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "cannot create an OpenCL context on %s: %s", dev->name, device_error_name(rc));
        return -1;
    }
    dev->queue = clCreateCommandQueue(dev->context, dev->id, CL_QUEUE_PROFILING_ENABLE, &rc);
    if (rc != CL_SUCCESS) {
        snprintf(err, err_len, "cannot create a command queue on %s: %s", dev->name, device_error_name(rc));
        clReleaseContext(dev->context);
        dev->context = NULL;
        return -1;
    }
    return 0;
}

void device_close(struct device *dev)
{
    if (dev->queue)
        clReleaseCommandQueue(dev->queue);
    if (dev->context)
        clReleaseContext(dev->context);
    dev->queue = NULL;
    dev->context = NULL;
}

void device_waited(struct device *dev, const char *what)
{
    struct device_waits *w = &dev->waits;
    int i = 0;
    while (i < w->n && w->what[i] != what && strcmp(w->what[i], what))
        i++;
    if (i == w->n) {
        if (w->n == DEVICE_WAIT_KINDS)
            i = DEVICE_WAIT_KINDS - 1;
        else
            w->what[w->n++] = what;
    }
    w->count[i]++;
}

long device_waits_total(const struct device *dev)
{
    long n = 0;
    for (int i = 0; i < dev->waits.n; i++)
        n += dev->waits.count[i];
    return n;
}

int device_check(cl_int rc, const char *what, char *err, size_t err_len)
{
    if (rc == CL_SUCCESS)
        return 0;
    snprintf(err, err_len, "%s failed: %s", what, device_error_name(rc));
    return -1;
}

const char *device_error_name(cl_int code)
{
    switch (code) {
#define E(x) case x: return #x;
        E(CL_SUCCESS) E(CL_DEVICE_NOT_FOUND) E(CL_DEVICE_NOT_AVAILABLE) E(CL_COMPILER_NOT_AVAILABLE)
        E(CL_MEM_OBJECT_ALLOCATION_FAILURE) E(CL_OUT_OF_RESOURCES) E(CL_OUT_OF_HOST_MEMORY)
        E(CL_BUILD_PROGRAM_FAILURE) E(CL_MISALIGNED_SUB_BUFFER_OFFSET) E(CL_INVALID_VALUE)
        E(CL_INVALID_DEVICE) E(CL_INVALID_CONTEXT) E(CL_INVALID_COMMAND_QUEUE) E(CL_INVALID_MEM_OBJECT)
        E(CL_INVALID_PROGRAM) E(CL_INVALID_PROGRAM_EXECUTABLE) E(CL_INVALID_KERNEL_NAME)
        E(CL_INVALID_KERNEL) E(CL_INVALID_ARG_INDEX) E(CL_INVALID_ARG_VALUE) E(CL_INVALID_ARG_SIZE)
        E(CL_INVALID_KERNEL_ARGS) E(CL_INVALID_WORK_DIMENSION) E(CL_INVALID_WORK_GROUP_SIZE)
        E(CL_INVALID_WORK_ITEM_SIZE) E(CL_INVALID_GLOBAL_OFFSET) E(CL_INVALID_EVENT)
        E(CL_INVALID_BUFFER_SIZE) E(CL_INVALID_GLOBAL_WORK_SIZE)
#undef E
    default: return "unknown OpenCL error";
    }
}
