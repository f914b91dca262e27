/* The start-up peers for `stackhouse-cli bench startup`: the least a game can
 * do, a bare SDL2 window with an OpenGL 3.3 core context that clears one
 * 1920x1080 frame, shows it, waits for the GPU and exits. Stackhouse's own
 * start-up is reported as a ratio against this, measured in the same run.
 * With --textured it instead draws the least a real frame needs: one shader
 * program, one 512x512 texture, one textured full-screen quad. On a software
 * driver that is where compiling and running a shader first costs. */
#include <SDL.h>
#include <epoxy/gl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const vert_src =
    "#version 330 core\n"
    "out vec2 uv;\n"
    "void main() {\n"
    "    vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1);\n"
    "    uv = p;\n"
    "    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n"
    "}\n";
static const char *const frag_src =
    "#version 330 core\n"
    "in vec2 uv;\n"
    "uniform sampler2D tex;\n"
    "out vec4 color;\n"
    "void main() { color = texture(tex, uv * 3.0); }\n";

static GLuint compile(GLenum kind, const char *src)
{
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    return s;
}

/* One textured quad over the whole frame; returns 0, or -1 if the program failed. */
static int draw_textured(void)
{
    enum { N = 512 };
    GLuint prog = glCreateProgram(), vao, tex;
    GLint ok = 0;
    unsigned char *px = malloc((size_t)N * N * 4);

    if (!px)
        return -1;
    for (int i = 0; i < N * N; i++) { /* a wood-ish ramp, so the texture is not constant */
        px[i * 4] = (unsigned char)(120 + (i % N) / 8);
        px[i * 4 + 1] = (unsigned char)(70 + (i / N) / 16);
        px[i * 4 + 2] = 40;
        px[i * 4 + 3] = 255;
    }
    glAttachShader(prog, compile(GL_VERTEX_SHADER, vert_src));
    glAttachShader(prog, compile(GL_FRAGMENT_SHADER, frag_src));
    glLinkProgram(prog);
    glGetProgramiv(prog, GL_LINK_STATUS, &ok);
    if (!ok) {
        free(px);
        return -1;
    }
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, N, N, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    free(px);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glUseProgram(prog);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    return 0;
}

int main(int argc, char **argv)
{
    int w = 1920, h = 1080, textured = 0;
    SDL_Window *win;
    SDL_GLContext ctx;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--textured") == 0)
            textured = 1;
        else if (sscanf(argv[i], "%dx%d", &w, &h) != 2) {
            fprintf(stderr, "usage: stackhouse-peer-window [--textured] [WxH]\n");
            return 2;
        }
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
    if (textured && draw_textured() != 0) {
        fprintf(stderr, "peer-window: the shader program did not link\n");
        return 1;
    }
    SDL_GL_SwapWindow(win);
    glFinish();
    SDL_GL_DeleteContext(ctx);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return 0;
}
