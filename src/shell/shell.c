#include "shell/shell.h"

#include <stdlib.h>
#include <string.h>

#include "shell/trace.h"

struct shell {
    shell_host host;
    shell_parts parts;
    scene_stack scenes;
    float vw;
    int quit;
    int capturing;
    int drawing_covered;
};

shell *shell_create(const shell_host *host, const shell_parts *parts)
{
    shell *sh = calloc(1, sizeof *sh);
    if (!sh)
        return NULL;
    sh->host = *host;
    sh->parts = *parts;
    sh->vw = 1024;
    return sh;
}

void shell_destroy(shell *sh)
{
    if (!sh)
        return;
    scene_clear(&sh->scenes, sh);
    free(sh);
}

float shell_vw(const shell *sh) { return sh->vw; }
void shell_set_vw(shell *sh, float vw) { sh->vw = vw; }
struct render *shell_render(const shell *sh) { return sh->parts.r; }
const struct settings *shell_settings(const shell *sh) { return sh->parts.settings; }
struct settings *shell_settings_edit(shell *sh) { return sh->parts.settings; }
const struct input *shell_input(const shell *sh) { return sh->parts.in; }
struct input *shell_input_edit(shell *sh) { return sh->parts.in; }
struct store *shell_store(const shell *sh) { return sh->parts.db; }
const struct app_paths *shell_paths(const shell *sh) { return sh->parts.paths; }

int shell_settings_changed(shell *sh)
{
    return sh->host.settings_changed ? sh->host.settings_changed(sh->host.ctx) : 0;
}

void shell_set_fullscreen(shell *sh, int on)
{
    if (sh->host.set_fullscreen)
        sh->host.set_fullscreen(sh->host.ctx, on);
}

uint64_t shell_seed(shell *sh) { return sh->host.seed(sh->host.ctx); }

static void changed(shell *sh)
{
    if (sh->host.scene_changed)
        sh->host.scene_changed(sh->host.ctx);
}

void shell_push(shell *sh, scene *s)
{
    trace_line("scene %s", s->name);
    scene_push(&sh->scenes, s, sh);
    changed(sh);
}

void shell_pop(shell *sh)
{
    scene_pop(&sh->scenes, sh);
    changed(sh);
    if (scene_top(&sh->scenes))
        trace_line("scene %s", scene_top(&sh->scenes)->name);
    else
        sh->quit = 1;
}

void shell_replace(shell *sh, scene *s)
{
    trace_line("scene %s", s->name);
    scene_replace(&sh->scenes, s, sh);
    changed(sh);
}

void shell_back(shell *sh)
{
    if (sh->scenes.n <= 1)
        shell_replace(sh, sh->host.home(sh));
    else
        shell_pop(sh);
}

void shell_home(shell *sh)
{
    while (sh->scenes.n > 1)
        shell_pop(sh);
    if (sh->scenes.n == 0 || strcmp(scene_top(&sh->scenes)->name, "picker") != 0)
        shell_replace(sh, sh->host.home(sh));
}

int shell_is_top(const shell *sh, const scene *s) { return scene_top(&sh->scenes) == s; }
scene *shell_top(const shell *sh) { return scene_top(&sh->scenes); }

scene *shell_score_screen(shell *sh, const struct score_report *rep) { return sh->host.score_screen(sh, rep); }
scene *shell_rules_screen(shell *sh, const char *doc) { return sh->host.rules_screen(sh, doc); }

void shell_quit(shell *sh) { sh->quit = 1; }
int shell_quitting(const shell *sh) { return sh->quit; }
void shell_set_capturing(shell *sh, int on) { sh->capturing = on; }
int shell_capturing(const shell *sh) { return sh->capturing; }

void shell_dispatch(shell *sh, const action_event *ev)
{
    scene *top = scene_top(&sh->scenes);
    if (top && top->input)
        top->input(top, sh, ev);
}

void shell_update(shell *sh, double dt)
{
    scene *top = scene_top(&sh->scenes);
    if (top && top->update)
        top->update(top, sh, dt);
}

void shell_draw(shell *sh, struct render *r, float alpha)
{
    int first = 0;
    for (int i = sh->scenes.n - 1; i >= 0; i--) {
        first = i;
        if (!sh->scenes.items[i]->overlay)
            break;
    }
    for (int i = first; i < sh->scenes.n; i++) {
        scene *s = sh->scenes.items[i];
        sh->drawing_covered = i < sh->scenes.n - 1;
        if (s->draw)
            s->draw(s, sh, r, alpha);
    }
    sh->drawing_covered = 0;
}

int shell_drawing_covered(const shell *sh) { return sh->drawing_covered; }

int shell_set_drawing_covered(shell *sh, int covered)
{
    int was = sh->drawing_covered;
    sh->drawing_covered = covered;
    return was;
}

double shell_wake(shell *sh)
{
    scene *top = scene_top(&sh->scenes);
    return top && top->wake ? top->wake(top, sh) : 0;
}
