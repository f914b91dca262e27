/* A pass-through SQLite VFS whose file writes can fail as a full disk makes
 * them fail (SQLITE_FULL), so the tests take the player's path through a
 * real failed commit: SQLite's own error, its own rollback, our reporting.
 * It forwards everything else to the default VFS unchanged; while no fault
 * is armed it is the default VFS with one more call per method. */
#include "app/store_fault.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

typedef struct fault_file {
    sqlite3_file base;
    sqlite3_file *real; /* the default VFS's file, allocated right after this struct */
} fault_file;

static sqlite3_vfs fault_vfs;
static int fault_on; /* writes fail now */

void store_fault_arm(int on) { fault_on = on; }

#define REAL(f) (((fault_file *)(f))->real)

static int f_close(sqlite3_file *f)
{
    int rc = REAL(f)->pMethods ? REAL(f)->pMethods->xClose(REAL(f)) : SQLITE_OK;
    return rc;
}
static int f_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 off)
{
    return REAL(f)->pMethods->xRead(REAL(f), buf, n, off);
}
/* The one method that differs: a full disk takes no more bytes. */
static int f_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
    if (fault_on)
        return SQLITE_FULL;
    return REAL(f)->pMethods->xWrite(REAL(f), buf, n, off);
}
static int f_truncate(sqlite3_file *f, sqlite3_int64 size) { return REAL(f)->pMethods->xTruncate(REAL(f), size); }
static int f_sync(sqlite3_file *f, int flags) { return REAL(f)->pMethods->xSync(REAL(f), flags); }
static int f_size(sqlite3_file *f, sqlite3_int64 *size) { return REAL(f)->pMethods->xFileSize(REAL(f), size); }
static int f_lock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xLock(REAL(f), l); }
static int f_unlock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xUnlock(REAL(f), l); }
static int f_reserved(sqlite3_file *f, int *out) { return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out); }
static int f_control(sqlite3_file *f, int op, void *arg) { return REAL(f)->pMethods->xFileControl(REAL(f), op, arg); }
static int f_sector(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int f_device(sqlite3_file *f) { return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)); }
static int f_shm_map(sqlite3_file *f, int pg, int pgsz, int extend, void volatile **p)
{
    return REAL(f)->pMethods->xShmMap(REAL(f), pg, pgsz, extend, p);
}
static int f_shm_lock(sqlite3_file *f, int offset, int n, int flags)
{
    return REAL(f)->pMethods->xShmLock(REAL(f), offset, n, flags);
}
static void f_shm_barrier(sqlite3_file *f) { REAL(f)->pMethods->xShmBarrier(REAL(f)); }
static int f_shm_unmap(sqlite3_file *f, int del) { return REAL(f)->pMethods->xShmUnmap(REAL(f), del); }

/* Version 2: WAL's shared memory; no memory-mapped I/O (version 3), which
 * would let SQLite read pages without us, and which we do not turn on. */
static const sqlite3_io_methods fault_methods = {
    2,      f_close,   f_read,      f_write,      f_truncate,    f_sync,       f_size,
    f_lock, f_unlock,  f_reserved,  f_control,    f_sector,      f_device,     f_shm_map,
    f_shm_lock, f_shm_barrier, f_shm_unmap, NULL, NULL};

static int v_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out)
{
    sqlite3_vfs *real = vfs->pAppData;
    fault_file *ff = (fault_file *)f;
    int rc;
    ff->real = (sqlite3_file *)(ff + 1);
    memset(ff->real, 0, (size_t)real->szOsFile);
    rc = real->xOpen(real, name, ff->real, flags, out);
    /* Only a file that opened has methods to forward to (and to close). */
    ff->base.pMethods = ff->real->pMethods ? &fault_methods : NULL;
    return rc;
}

#define RV(v) ((sqlite3_vfs *)(v)->pAppData)
static int v_delete(sqlite3_vfs *v, const char *n, int sync) { return RV(v)->xDelete(RV(v), n, sync); }
static int v_access(sqlite3_vfs *v, const char *n, int flags, int *out) { return RV(v)->xAccess(RV(v), n, flags, out); }
static int v_full(sqlite3_vfs *v, const char *n, int size, char *out) { return RV(v)->xFullPathname(RV(v), n, size, out); }
static void *v_dlopen(sqlite3_vfs *v, const char *n) { return RV(v)->xDlOpen(RV(v), n); }
static void v_dlerror(sqlite3_vfs *v, int n, char *msg) { RV(v)->xDlError(RV(v), n, msg); }
static void (*v_dlsym(sqlite3_vfs *v, void *h, const char *s))(void) { return RV(v)->xDlSym(RV(v), h, s); }
static void v_dlclose(sqlite3_vfs *v, void *h) { RV(v)->xDlClose(RV(v), h); }
static int v_random(sqlite3_vfs *v, int n, char *out) { return RV(v)->xRandomness(RV(v), n, out); }
static int v_sleep(sqlite3_vfs *v, int us) { return RV(v)->xSleep(RV(v), us); }
static int v_time(sqlite3_vfs *v, double *t) { return RV(v)->xCurrentTime(RV(v), t); }
static int v_error(sqlite3_vfs *v, int n, char *msg) { return RV(v)->xGetLastError(RV(v), n, msg); }
static int v_time64(sqlite3_vfs *v, sqlite3_int64 *t) { return RV(v)->xCurrentTimeInt64(RV(v), t); }

const char *store_fault_vfs(void)
{
    sqlite3_vfs *real;
    if (fault_vfs.zName)
        return fault_vfs.zName;
    real = sqlite3_vfs_find(NULL);
    if (!real || real->iVersion < 2)
        return NULL; /* the default VFS then, without faults */
    fault_vfs = (sqlite3_vfs){2,        (int)sizeof(fault_file) + real->szOsFile,
                              real->mxPathname, NULL, "stackhouse-fault", real,
                              v_open,   v_delete, v_access, v_full, v_dlopen, v_dlerror, v_dlsym, v_dlclose,
                              v_random, v_sleep,  v_time,   v_error, v_time64, NULL, NULL, NULL};
    if (sqlite3_vfs_register(&fault_vfs, 0) != SQLITE_OK) {
        memset(&fault_vfs, 0, sizeof fault_vfs);
        return NULL;
    }
    return fault_vfs.zName;
}
