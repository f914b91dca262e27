/* For the sanitizer pass: keeps the GL driver (Mesa's DRI module and the GLX
 * libraries above it) mapped until exit. The driver keeps a once-per-process
 * allocation (128 bytes, made under pthread_once) reachable only from its own
 * globals; SDL_Quit unloads it, the globals vanish, and LeakSanitizer reports
 * the block in an "<unknown module>" that no suppression can name. Pinned, the
 * block stays reachable and is no leak at all, with no suppression, while our
 * own leaks still fail the pass. The sanitizer build of the game pins it once
 * its context exists (app.c), and so do the tests that open a context. */
#ifndef STACKHOUSE_GLPIN_H
#define STACKHOUSE_GLPIN_H

/* Call once a GL context exists; returns how many of those modules were pinned. */
int app_gl_pin(void);

#endif
