/* Fault injection under the store, for tests: an SQLite VFS that forwards
 * to the default one, and whose writes fail with SQLITE_FULL while armed,
 * as on a full disk (store.c arms it per write transaction). */
#ifndef STACKHOUSE_STORE_FAULT_H
#define STACKHOUSE_STORE_FAULT_H

/* The VFS's name, registered on the first call; NULL when it cannot be
 * (the store then opens on the default VFS, without faults). */
const char *store_fault_vfs(void);
/* Whether every file write through the VFS fails as on a full disk. */
void store_fault_arm(int on);

#endif
