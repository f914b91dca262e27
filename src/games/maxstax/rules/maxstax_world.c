#include "games/maxstax/rules/maxstax_world.h"

#include <math.h>
#include <stdlib.h>

#include <chipmunk/chipmunk.h>

/* One plank unit is 2.5 cm, so a block is 7.5 x 2.5 x 2.5 cm of beech-like
 * wood (about 650 kg/m^3): 30 g. The table runs in 4x slow motion (gravity
 * 1/16 of 9.81 m/s^2): at two 1/120 s steps a frame Chipmunk's solver then
 * holds a 12-high column still, and a falling plank is readable on screen. */
#define PI 3.14159265358979323846
#define GRAVITY (9.81 / 0.025 / 16.0)
#define BLOCK_MASS 30.0
/* Chipmunk multiplies the two shapes' coefficients: 0.7 * 0.7 gives wood on
 * wood friction of about 0.5, and 0.45 * 0.45 a restitution of about 0.2. */
#define FRICTION 0.7
#define ELASTICITY 0.45
#define ITERATIONS 10
/* Overlap allowed at rest: tiny, so twelve contacts sink less than 1% of a block. */
#define SLOP 0.002
/* Velocity kept per second: still air on a table would keep more, but this
 * drains the solver's jitter so that built structures settle and sleep. */
#define DAMPING 0.3
#define HAND_SPEED 40.0 /* units per second */
#define SNAP_DEG 20.0

typedef struct hand {
    cpBody *body;
    cpConstraint *pivot, *spin;
    int block;
    double angle; /* target, degrees */
    cpVect target;
} hand;

struct maxstax_world {
    cpSpace *space;
    cpShape *floor;
    cpBody *body[MAXSTAX_MAX_BLOCKS];
    cpShape *shape[MAXSTAX_MAX_BLOCKS];
    int n;
    hand hands[MAXSTAX_MAX_HANDS];
};

static double deg(double r) { return r * 180.0 / PI; }
static double rad(double d) { return d * PI / 180.0; }

/* Wraps an angle in degrees into (-180, 180]. */
static double wrap180(double a)
{
    a = fmod(a, 360.0);
    if (a <= -180.0)
        a += 360.0;
    else if (a > 180.0)
        a -= 360.0;
    return a;
}

maxstax_world *maxstax_world_new(void)
{
    maxstax_world *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->space = cpSpaceNew();
    cpSpaceSetGravity(w->space, cpv(0, -GRAVITY));
    cpSpaceSetIterations(w->space, ITERATIONS);
    cpSpaceSetCollisionSlop(w->space, SLOP);
    cpSpaceSetDamping(w->space, DAMPING);
    cpSpaceSetSleepTimeThreshold(w->space, 0.4);
    cpSpaceSetIdleSpeedThreshold(w->space, 0.2);
    /* A thick segment whose top is y = 0, long enough for four players. */
    w->floor = cpSegmentShapeNew(cpSpaceGetStaticBody(w->space), cpv(-500, -5), cpv(500, -5), 5);
    cpShapeSetFriction(w->floor, FRICTION);
    cpShapeSetElasticity(w->floor, ELASTICITY);
    cpSpaceAddShape(w->space, w->floor);
    for (int h = 0; h < MAXSTAX_MAX_HANDS; h++) {
        w->hands[h].body = cpSpaceAddBody(w->space, cpBodyNewKinematic());
        w->hands[h].block = -1;
    }
    return w;
}

void maxstax_world_free(maxstax_world *w)
{
    if (!w)
        return;
    for (int h = 0; h < MAXSTAX_MAX_HANDS; h++) {
        maxstax_world_release(w, h);
        cpSpaceRemoveBody(w->space, w->hands[h].body);
        cpBodyFree(w->hands[h].body);
    }
    for (int b = 0; b < w->n; b++) {
        cpSpaceRemoveShape(w->space, w->shape[b]);
        cpSpaceRemoveBody(w->space, w->body[b]);
        cpShapeFree(w->shape[b]);
        cpBodyFree(w->body[b]);
    }
    cpSpaceRemoveShape(w->space, w->floor);
    cpShapeFree(w->floor);
    cpSpaceFree(w->space);
    free(w);
}

int maxstax_world_add(maxstax_world *w, maxstax_pose p)
{
    if (w->n >= MAXSTAX_MAX_BLOCKS)
        return -1;
    int b = w->n++;
    w->body[b] = cpSpaceAddBody(
        w->space, cpBodyNew(BLOCK_MASS, cpMomentForBox(BLOCK_MASS, MAXSTAX_BLOCK_LEN, MAXSTAX_BLOCK_THICK)));
    w->shape[b] = cpSpaceAddShape(w->space, cpBoxShapeNew(w->body[b], MAXSTAX_BLOCK_LEN, MAXSTAX_BLOCK_THICK, 0));
    cpShapeSetFriction(w->shape[b], FRICTION);
    cpShapeSetElasticity(w->shape[b], ELASTICITY);
    cpShapeSetUserData(w->shape[b], (cpDataPointer)(size_t)(b + 1));
    maxstax_world_place(w, b, p);
    return b;
}

int maxstax_world_count(const maxstax_world *w) { return w->n; }

void maxstax_world_place(maxstax_world *w, int b, maxstax_pose p)
{
    for (int h = 0; h < MAXSTAX_MAX_HANDS; h++)
        if (w->hands[h].block == b)
            maxstax_world_release(w, h);
    cpBody *body = w->body[b];
    cpBodyActivate(body);
    cpBodySetPosition(body, cpv(p.x, p.y));
    cpBodySetAngle(body, rad(p.angle));
    cpBodySetVelocity(body, cpvzero);
    cpBodySetAngularVelocity(body, 0);
    cpSpaceReindexShapesForBody(w->space, body);
}

maxstax_pose maxstax_world_pose(const maxstax_world *w, int b)
{
    cpVect p = cpBodyGetPosition(w->body[b]);
    maxstax_pose out = {p.x, p.y, wrap180(deg(cpBodyGetAngle(w->body[b])))};
    return out;
}

double maxstax_world_speed(const maxstax_world *w, int b)
{
    const cpBody *body = w->body[b];
    if (cpBodyIsSleeping((cpBody *)body))
        return 0;
    return cpvlength(cpBodyGetVelocity(body)) +
           fabs(cpBodyGetAngularVelocity(body)) * MAXSTAX_BLOCK_LEN / 2;
}

int maxstax_world_sleeping(const maxstax_world *w, int b) { return cpBodyIsSleeping(w->body[b]); }

void maxstax_world_set_sleeping(maxstax_world *w, int on)
{
    cpSpaceSetSleepTimeThreshold(w->space, on ? 0.4 : INFINITY);
    if (!on)
        for (int b = 0; b < w->n; b++)
            cpBodyActivate(w->body[b]);
}

void maxstax_world_step(maxstax_world *w)
{
    for (int h = 0; h < MAXSTAX_MAX_HANDS; h++) {
        hand *hd = &w->hands[h];
        cpVect pos = cpBodyGetPosition(hd->body), d = cpvsub(hd->target, pos);
        double len = cpvlength(d), v = len / MAXSTAX_STEP;
        /* Velocity, not teleporting: the joint and contacts see a smooth motion. */
        cpBodySetVelocity(hd->body, v > HAND_SPEED ? cpvmult(d, HAND_SPEED / len) : cpvmult(d, 1.0 / MAXSTAX_STEP));
        if (hd->block >= 0)
            cpBodyActivate(w->body[hd->block]); /* a held block never sleeps in the air */
    }
    cpSpaceStep(w->space, MAXSTAX_STEP);
}

int maxstax_world_block_at(const maxstax_world *w, double x, double y)
{
    cpPointQueryInfo info;
    cpShape *s = cpSpacePointQueryNearest(w->space, cpv(x, y), 0, CP_SHAPE_FILTER_ALL, &info);
    if (!s || s == w->floor)
        return -1;
    return (int)(size_t)cpShapeGetUserData(s) - 1;
}

/* The nearest multiple of 90 degrees when within SNAP_DEG, else a. */
static double snap_square(double a)
{
    double q = 90.0 * floor(a / 90.0 + 0.5);
    return fabs(a - q) <= SNAP_DEG ? q : a;
}

int maxstax_world_grab(maxstax_world *w, int h, double x, double y, int snap)
{
    hand *hd = &w->hands[h];
    int b = maxstax_world_block_at(w, x, y);
    if (b < 0 || hd->block >= 0)
        return -1;
    for (int o = 0; o < MAXSTAX_MAX_HANDS; o++)
        if (w->hands[o].block == b)
            return -1; /* someone else's hand has it */
    cpBody *body = w->body[b];
    cpBodyActivate(body);
    cpBodySetPosition(hd->body, cpv(x, y));
    hd->target = cpv(x, y);
    cpBodySetVelocity(hd->body, cpvzero);
    double a = deg(cpBodyGetAngle(body));
    hd->angle = snap ? snap_square(a) : a;
    hd->block = b;
    /* A strong but bounded pivot: the block follows the hand yet a collision
     * can still push it about, and a held block can knock others over. */
    hd->pivot = cpPivotJointNew2(hd->body, body, cpvzero, cpBodyWorldToLocal(body, cpv(x, y)));
    cpConstraintSetMaxForce(hd->pivot, 40.0 * BLOCK_MASS * GRAVITY);
    cpConstraintSetMaxBias(hd->pivot, 4.0 * HAND_SPEED);
    cpSpaceAddConstraint(w->space, hd->pivot);
    /* A critically damped spring of about 3 Hz turns it to the target angle. */
    double inertia = cpBodyGetMoment(body), k = inertia * pow(2 * PI * 3.0, 2);
    hd->spin = cpDampedRotarySpringNew(hd->body, body, -rad(hd->angle), k, 2.0 * sqrt(k * inertia));
    cpSpaceAddConstraint(w->space, hd->spin);
    return b;
}

void maxstax_world_hand_move(maxstax_world *w, int h, double x, double y) { w->hands[h].target = cpv(x, y); }

void maxstax_world_hand_pos(const maxstax_world *w, int h, double *x, double *y)
{
    cpVect p = cpBodyGetPosition(w->hands[h].body);
    *x = p.x;
    *y = p.y;
}

void maxstax_world_turn(maxstax_world *w, int h, int steps)
{
    hand *hd = &w->hands[h];
    if (hd->block < 0)
        return;
    /* Turning lands on the 15-degree grid, so a tilted pick-up squares up. */
    double a = MAXSTAX_TURN_STEP * floor(hd->angle / MAXSTAX_TURN_STEP + 0.5);
    hd->angle = a + steps * MAXSTAX_TURN_STEP;
    cpDampedRotarySpringSetRestAngle(hd->spin, -rad(hd->angle));
}

double maxstax_world_hand_angle(const maxstax_world *w, int h) { return w->hands[h].angle; }

void maxstax_world_release(maxstax_world *w, int h)
{
    hand *hd = &w->hands[h];
    if (hd->block < 0)
        return;
    cpSpaceRemoveConstraint(w->space, hd->pivot);
    cpSpaceRemoveConstraint(w->space, hd->spin);
    cpConstraintFree(hd->pivot);
    cpConstraintFree(hd->spin);
    hd->pivot = hd->spin = NULL;
    hd->block = -1;
}

int maxstax_world_held(const maxstax_world *w, int h) { return w->hands[h].block; }
