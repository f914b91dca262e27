#version 330 core
// One vertex format for sprites, glyphs and shapes so they share a draw call.
layout(location = 0) in vec2 a_pos;    // pixels, origin top-left
layout(location = 1) in vec2 a_uv;     // texels, or pixels from a shape's centre
layout(location = 2) in vec4 a_color;  // premultiplied
layout(location = 3) in vec4 a_params; // shapes: half size, radius, blur/thickness
layout(location = 4) in uint a_mode;

uniform vec2 u_viewport;

out vec2 v_uv;
out vec4 v_color;
flat out vec4 v_params;
flat out uint v_mode;

void main()
{
    v_uv = a_uv;
    v_color = a_color;
    v_params = a_params;
    v_mode = a_mode;
    gl_Position = vec4(a_pos.x / u_viewport.x * 2.0 - 1.0, 1.0 - a_pos.y / u_viewport.y * 2.0,
                       0.0, 1.0);
}
