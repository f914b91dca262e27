/* Scenes are structs of callbacks on a bounded stack (like Taisei's
 * eventloop_enter and julius' window stack): the stack knows no scene. Only
 * the top scene gets input and updates; scenes below an overlay are drawn
 * first. Each callback gets the shell (shell/shell.h), the narrow context of
 * a screen: never the app. Overflow is a programming error and asserts,
 * since a silent ring buffer would lose scenes. */
#ifndef STACKHOUSE_SCENE_H
#define STACKHOUSE_SCENE_H

#include "shell/action.h"

#define SCENE_STACK_MAX 8

typedef struct shell shell;
struct render;

typedef struct scene {
    const char *name;
    int overlay; /* nonzero: the scene below is drawn first */
    void (*enter)(struct scene *s, shell *sh);
    /* Frees the scene (and s itself if it was allocated). */
    void (*leave)(struct scene *s, shell *sh);
    void (*input)(struct scene *s, shell *sh, const action_event *ev);
    /* One fixed logic step of dt seconds. */
    void (*update)(struct scene *s, shell *sh, double dt);
    /* Draws with alpha in [0, 1): how far we are between the last two logic steps. */
    void (*draw)(struct scene *s, shell *sh, struct render *r, float alpha);
    void *data;
    /* Optional: seconds until the scene, left alone, looks different: 0 while
     * something moves, SCENE_AT_REST when only input (or a wake from another
     * thread) changes it. NULL: 0 always (the loop draws every frame). */
    double (*wake)(struct scene *s, shell *sh);
    /* The piece of music under this screen (audio/audio.h's music_id); 0
     * (an overlay's): whatever plays goes on. */
    int music;
} scene;

#define SCENE_AT_REST 1e30 /* a scene's wake: nothing will change by itself */

typedef struct scene_stack {
    scene *items[SCENE_STACK_MAX];
    int n;
} scene_stack;

/* Pushes s and enters it. Asserts on overflow (returns -1 in release builds). */
int scene_push(scene_stack *st, scene *s, shell *sh);
/* Leaves and pops the top scene; no-op when empty. */
void scene_pop(scene_stack *st, shell *sh);
/* Replaces the top scene with s (leave old, enter new). */
int scene_replace(scene_stack *st, scene *s, shell *sh);
/* The top scene, or NULL. */
scene *scene_top(const scene_stack *st);
/* Pops everything. */
void scene_clear(scene_stack *st, shell *sh);

#endif
