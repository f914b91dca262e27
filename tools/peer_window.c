/* The start-up peer for `stackhouse-cli bench startup`: the least a game can
 * do, a bare SDL2 window with an OpenGL 3.3 core context that clears one
 * 1920x1080 frame, shows it, waits for the GPU and exits. Stackhouse's own
 * start-up is reported as a ratio against this, measured in the same run. */
#include <SDL.h>
#include <epoxy/gl.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int w = 1920, h = 1080;
    SDL_Window *win;
    SDL_GLContext ctx;

    if (argc == 2 && sscanf(argv[1], "%dx%d", &w, &h) != 2) {
        fprintf(stderr, "usage: stackhouse-peer-window [WxH]\n");
        return 2;
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "peer-window: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    win = SDL_CreateWindow("peer", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                           SDL_WINDOW_OPENGL);
    if (!win || !(ctx = SDL_GL_CreateContext(win))) {
        fprintf(stderr, "peer-window: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    glClearColor(0.24f, 0.15f, 0.09f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    SDL_GL_SwapWindow(win);
    glFinish();
    SDL_GL_DeleteContext(ctx);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return 0;
}
