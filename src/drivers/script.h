/* Input scripts for headless runs and tests: a line per command, replayed
 * frame by frame as real SDL events (keys, mouse, and a virtual controller
 * that goes through SDL's own game-controller and hot-plug paths).
 *
 *   wait N            advance N frames (a whole number, at most 216000: an hour)
 *   sleep MS          pause the frames for MS milliseconds of real time (at most 60000),
 *                     for what comes from outside them (phones over the network)
 *   key NAME          press and release a key (SDL key name: Return, Escape, Up, F11...)
 *   key-down NAME / key-up NAME   press a key and keep it held / let it go (the peek key P)
 *   mouse X Y         move the pointer to virtual units (X, Y)
 *   click X Y         move there, press and release the left button
 *   down X Y / up X Y press or release the left button there
 *   right-down X Y / right-up X Y   press or release the right button there (it peeks)
 *   wheel DY          scroll (positive is up)
 *   text TEXT         type TEXT (the rest of the line, UTF-8) as SDL text input events
 *   drop PATH         drop the file PATH on the window (SDL_DROPFILE)
 *   pad attach        plug in a virtual controller
 *   pad detach        unplug it
 *   pad BUTTON        press and release a button: a b x y start back
 *                     dpup dpdown dpleft dpright leftshoulder rightshoulder
 *   pad-down BUTTON / pad-up BUTTON   press a button and keep it held / let it go;
 *                     BUTTON may also be lefttrigger (pulled all the way)
 *   stick up|down|left|right   push the left stick and let go
 *   click-on NAME     click the middle of the top screen's item NAME (its trace
 *                     name, as in "focus setup add_seat"); fails when there is none
 *   mouse-on NAME     move the pointer to the middle of item NAME (hovering it), no press
 *   pad-to NAME       press the controller's d-pad, one press at a time, until
 *                     item NAME has focus (up and down between rows, left and
 *                     right within one); fails after 40 presses
 *   screenshot FILE   write the next drawn frame to FILE (as PNG; .png is added
 *                     when FILE does not end in it), even on the script's last line
 *   expect-scene NAME fail (exit 3) unless NAME is the top scene
 *   wait-scene NAME N advance frames (N at most 216000) until NAME is the top scene; fail (exit 3)
 *                     when it is not after N frames
 *   # comment
 */
#ifndef STACKHOUSE_SCRIPT_H
#define STACKHOUSE_SCRIPT_H

#include <stddef.h>

struct app;
typedef struct script script;

/* Loads and checks a script; NULL with a message (file and line) in err. */
script *script_load(const char *path, char *err, size_t errn);
/* Frees the script and unplugs its controller. */
void script_free(script *s);
/* Runs the commands due at this frame. Returns 0, or -1 when an expectation
 * failed (message in err). */
int script_tick(script *s, struct app *a, char *err, size_t errn);
/* Whether every command has run. */
int script_done(const script *s);
/* A screenshot file requested for the frame about to be drawn, or NULL. */
const char *script_take_screenshot(script *s);

#endif
