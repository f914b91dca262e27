#version 330 core
// Modes: 0 sprite (premultiplied RGBA atlas), 1 glyph (R8 coverage),
// 2 rounded fill, 3 rounded outline, 4 soft shadow.
in vec2 v_uv;
in vec4 v_color;
flat in vec4 v_params;
flat in uint v_mode;

uniform sampler2D u_sprites;
uniform sampler2D u_glyphs;

out vec4 o_color;

float sd_round_box(vec2 p, vec2 half_size, float r)
{
    vec2 q = abs(p) - half_size + r;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

// Abramowitz-Stegun erf: a Gaussian-blurred edge without a blur pass.
float erf_approx(float x)
{
    float s = sign(x), a = abs(x);
    float t = 1.0 + (0.278393 + (0.230389 + 0.078108 * (a * a)) * a) * a;
    t *= t;
    return s - s / (t * t);
}

void main()
{
    // Sample both outside the branches: a software rasteriser (llvmpipe) runs
    // every branch anyway. The pages have no mipmaps, so level 0 gives what
    // texture() would, without derivatives. Glyphs sit on whole pixels at
    // their own size, so a plain texel fetch gives what bilinear would; the
    // clamp keeps the other modes' coordinates inside the texture. Both are
    // cheaper in software: a frame of the picker, 36 -> 32 ms on llvmpipe.
    vec4 sprite = textureLod(u_sprites, v_uv / vec2(textureSize(u_sprites, 0)), 0.0);
    float cover = texelFetch(u_glyphs, clamp(ivec2(v_uv), ivec2(0), textureSize(u_glyphs, 0) - ivec2(1)), 0).r;
    float d, a;

    if (v_mode == 0u) {
        o_color = sprite * v_color;
        return;
    }
    if (v_mode == 1u) {
        o_color = v_color * cover;
        return;
    }
    d = sd_round_box(v_uv, v_params.xy, v_params.z);
    if (v_mode == 2u)
        a = clamp(0.5 - d, 0.0, 1.0);
    else if (v_mode == 3u)
        a = clamp(0.5 - d, 0.0, 1.0) * clamp(0.5 + d + v_params.w, 0.0, 1.0);
    else
        a = 0.5 - 0.5 * erf_approx(d / (max(v_params.w * 0.5, 0.5) * 1.41421356));
    o_color = v_color * a;
}
