#include "games/maxstax/rules/maxstax_world.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The private header is Chipmunk's own interface for stepping a space a
 * different way (its cpHastySpace is built on it): the world keeps
 * Chipmunk's bodies, broadphase, persistent arbiters, contact graph,
 * sleeping and joints, and brings its own contacts and contact solver; see
 * space_step. Debian ships exactly this header with libchipmunk-dev 7.0.3. */
#include <chipmunk/chipmunk_private.h>
#if CP_VERSION_MAJOR != 7 || CP_VERSION_MINOR != 0
/* The private structures this file steps through are those of 7.0. */
#error "maxstax_world.c is written against Chipmunk 7.0's private interface"
#endif

/* One plank unit is 2.5 cm, so a block is 7.5 x 2.5 x 2.5 cm of beech-like
 * wood (about 650 kg/m^3): 30 g. Gravity is the real 9.81 m/s^2. */
#define PI 3.14159265358979323846
#define GRAVITY (9.81 / 0.025)
#define BLOCK_MASS 30.0
/* Chipmunk multiplies the two shapes' coefficients: 0.7 * 0.7 gives wood on
 * wood friction of about 0.5, and 0.45 * 0.45 a restitution of about 0.2. */
#define FRICTION 0.7
#define ELASTICITY 0.45
/* Below this closing speed (units/s, 10 cm/s) a contact does not bounce:
 * resting blocks do not chatter, so they settle and sleep. */
#define BOUNCE_MIN 4.0
/* Velocity kept per second: a 30 g plank loses a few percent a second to
 * still air at the speeds it moves on a table. */
#define DAMPING 0.95
/* Contact points are made up to this far apart (units, about 1.2 mm, twice
 * the 0.027 a block falls from rest in one step): a falling block meets the
 * one below in the step it arrives, and a resting contact that opens by a
 * hair is not lost and made again. */
#define MARGIN 0.05
/* Overlap allowed at rest: tiny, so twelve contacts sink less than 1% of a block. */
#define SLOP 0.002
/* Fraction of an overlap left after a second (Chipmunk's collision bias). */
#define OVERLAP_LEFT 1e-4
/* The solver iterates until no impulse changes by more than this fraction of
 * a block's weight over a step, at least MIN_ITERATIONS and at most
 * MAX_ITERATIONS times: standing structures converge in two, a collapse or
 * a freshly placed tower takes more. A looser tolerance leaves the solver
 * short of converged often enough to feed a rocking tower (a 12-high column
 * of slightly offset planks swayed for good at 0.2%). */
#define MIN_ITERATIONS 2
#define MAX_ITERATIONS 30
#define TOLERANCE 0.0005
/* A block sleeps after this long below this speed (units/s). */
#define SLEEP_TIME 0.4
#define IDLE_SPEED 0.2
#define HAND_SPEED 40.0 /* units per second */
/* A block lies at rest once it has moved slower than this (units/s) for
 * REST_STEPS steps in a row; it has fallen when it drops more than its own
 * thickness below where it last lay at rest. A shove that slides a pile
 * along the table, or a block let go just above a tower, is no fall. */
#define REST_SPEED 0.5
#define REST_STEPS 6
#define SNAP_DEG 20.0
/* A contact closing faster than this (units/s, 12.5 cm/s) is an impact
 * worth a sound: a block set down by hand closes slower, one dropped from a
 * tenth of its thickness faster. */
#define KNOCK_SPEED 5.0
#define KNOCK_RING 64
/* The grip turns the block towards the hand's angle like a critically
 * damped spring of this frequency: stiff enough that a block held by its
 * end sags about 7 degrees under real gravity. */
#define GRIP_HZ 12.0

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
    double rest_y[MAXSTAX_MAX_BLOCKS]; /* height last at rest, NAN when unknown */
    int slow[MAXSTAX_MAX_BLOCKS];      /* steps in a row below REST_SPEED */
    int falls[MAXSTAX_MAX_BLOCKS];
    int n;
    hand hands[MAXSTAX_MAX_HANDS];
    maxstax_knock knocks[KNOCK_RING]; /* the last impacts, knock_count % KNOCK_RING next */
    unsigned knock_count;
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

/* ---- Contacts ----
 * Chipmunk's GJK/EPA meets degenerate cases with two exactly aligned
 * identical boxes, the commonest sight on this table: EPA then trips an
 * assertion that aborts Debian's debug build, and GJK can return a sideways
 * normal that kicks a block out of a pile. Blocks are only ever boxes on a
 * flat floor, so the contacts come from a plain separating-axis test with
 * the incident edge clipped to the reference face. */

/* Index of the block a shape belongs to, or -1 for the floor. */
static int shape_block(const cpShape *s) { return (int)(size_t)cpShapeGetUserData(s) - 1; }

typedef struct box {
    cpVect c;     /* centre */
    cpVect ax[2]; /* unit axes along the length and the thickness */
    double h[2];  /* half extents along them */
} box;

static box box_of(const cpBody *body)
{
    cpVect rot = cpBodyGetRotation(body);
    box b = {cpBodyGetPosition(body), {rot, cpvperp(rot)}, {MAXSTAX_BLOCK_LEN / 2, MAXSTAX_BLOCK_THICK / 2}};
    return b;
}

/* Corner k (counter-clockwise from +x+y) of a box. */
static cpVect box_corner(const box *b, int k)
{
    static const double sx[4] = {1, -1, -1, 1}, sy[4] = {1, 1, -1, -1};
    return cpvadd(b->c, cpvadd(cpvmult(b->ax[0], sx[k] * b->h[0]), cpvmult(b->ax[1], sy[k] * b->h[1])));
}

/* The outward normal of face f of a box: 0 +x, 1 +y, 2 -x, 3 -y. */
static cpVect face_normal(const box *b, int f) { return cpvmult(b->ax[f & 1], f < 2 ? 1 : -1); }

/* How far box o lies beyond face f of box r (negative: overlap). */
static double face_separation(const box *r, int f, const box *o)
{
    cpVect n = face_normal(r, f);
    double reach = o->h[0] * fabs(cpvdot(o->ax[0], n)) + o->h[1] * fabs(cpvdot(o->ax[1], n));
    return cpvdot(cpvsub(o->c, r->c), n) - r->h[f & 1] - reach;
}

/* The face of r that faces o most, and its separation. */
static int best_face(const box *r, const box *o, double *sep)
{
    int best = 0;
    *sep = -INFINITY;
    for (int f = 0; f < 4; f++) {
        double s = face_separation(r, f, o);
        if (s > *sep) {
            *sep = s;
            best = f;
        }
    }
    return best;
}

typedef struct manifold {
    cpVect n;                  /* from the first shape to the second */
    cpVect p1[2], p2[2];       /* points on the first and second shape */
    cpHashValue id[2];         /* feature ids, stable from step to step */
    int count;
} manifold;

/* Adds a contact: point q on the incident shape, s beyond the reference face
 * of normal n; ref_first says which of the pair owns the reference face. */
static void manifold_add(manifold *m, int ref_first, cpVect n, cpVect q, double s, cpHashValue id)
{
    cpVect on_ref = cpvsub(q, cpvmult(n, s));
    m->p1[m->count] = ref_first ? on_ref : q;
    m->p2[m->count] = ref_first ? q : on_ref;
    m->id[m->count] = id;
    m->count++;
}

/* Block b against the floor (y = 0): its lowest edge's corners within MARGIN. */
static void collide_floor(const box *b, int floor_first, manifold *m)
{
    int low = 0;
    for (int k = 1; k < 4; k++)
        if (box_corner(b, k).y < box_corner(b, low).y)
            low = k;
    int next = (low + 1) & 3, prev = (low + 3) & 3;
    int second = box_corner(b, next).y < box_corner(b, prev).y ? next : prev;
    int ks[2] = {low, second};
    cpVect up = cpv(0, 1);
    m->n = floor_first ? up : cpvneg(up);
    for (int i = 0; i < 2; i++) {
        cpVect q = box_corner(b, ks[i]);
        if (q.y <= MARGIN)
            manifold_add(m, floor_first, up, q, q.y, (cpHashValue)ks[i]);
    }
}

/* Box a against box b: the reference face is the face of either box with
 * the largest separation (a's when within a hair, so it does not flicker);
 * the incident edge of the other box, clipped to the reference face's
 * extent, gives up to two points within MARGIN of it. A point is named by
 * the corner that places it (an incident corner, or the reference face's
 * corner where the edge was clipped), so it keeps its name and its warm
 * start when the roles of the two faces swap. */
static void collide_boxes(const box *a, const box *b, manifold *m)
{
    double sa, sb;
    int fa = best_face(a, b, &sa), fb = best_face(b, a, &sb);
    if (fmax(sa, sb) > MARGIN)
        return;
    int ref_first = sa >= sb - 1e-3;
    const box *r = ref_first ? a : b, *o = ref_first ? b : a;
    int f = ref_first ? fa : fb;
    cpVect n = face_normal(r, f), t = cpvperp(n);
    /* The incident face of o is the one most against n. */
    int inc = 0;
    double most = INFINITY;
    for (int g = 0; g < 4; g++) {
        double d = cpvdot(face_normal(o, g), n);
        if (d < most) {
            most = d;
            inc = g;
        }
    }
    /* Face g lies between corners g-1 and g in box_corner's order: face 0
     * (+x) joins corners 3 and 0, face 1 (+y) corners 0 and 1, and so on. */
    cpHashValue o_tag = ref_first ? 4 : 0, r_tag = ref_first ? 0 : 4;
    int k0 = (inc + 3) & 3, k1 = inc;
    cpVect q[2] = {box_corner(o, k0), box_corner(o, k1)};
    cpHashValue qid[2] = {o_tag | (cpHashValue)k0, o_tag | (cpHashValue)k1};
    /* Clip the edge to the reference face's ends, at +-half along t. */
    int e0 = (f + 3) & 3, e1 = f;
    double half = r->h[(f + 1) & 1];
    for (int side = 0; side < 2; side++) {
        double sgn = side ? -1 : 1;
        double d0 = sgn * cpvdot(cpvsub(q[0], r->c), t) - half, d1 = sgn * cpvdot(cpvsub(q[1], r->c), t) - half;
        if (d0 > 0 && d1 > 0)
            return; /* the edge is wholly beside the face */
        if (d0 > 0 || d1 > 0) {
            int out = d0 > 0 ? 0 : 1;
            q[out] = cpvlerp(q[0], q[1], d0 / (d0 - d1));
            int end = sgn * cpvdot(cpvsub(box_corner(r, e0), r->c), t) > 0 ? e0 : e1;
            qid[out] = r_tag | (cpHashValue)end;
        }
    }
    m->n = ref_first ? n : cpvneg(n);
    for (int i = 0; i < 2; i++) {
        double s = cpvdot(cpvsub(q[i], r->c), n) - r->h[f & 1];
        if (s <= MARGIN)
            manifold_add(m, ref_first, n, q[i], s, qid[i]);
    }
}

/* An arbiter from the space's pool, as Chipmunk makes them. */
static void *arbiter_alloc(cpShape **shapes, cpSpace *space)
{
    if (space->pooledArbiters->num == 0) {
        int count = CP_BUFFER_BYTES / sizeof(cpArbiter);
        cpArbiter *buffer = (cpArbiter *)cpcalloc(1, CP_BUFFER_BYTES);
        cpArrayPush(space->allocatedBuffers, buffer);
        for (int i = 0; i < count; i++)
            cpArrayPush(space->pooledArbiters, buffer + i);
    }
    return cpArbiterInit((cpArbiter *)cpArrayPop(space->pooledArbiters), shapes[0], shapes[1]);
}

/* The broadphase's pair callback, in place of cpSpaceCollideShapes: the
 * contacts are ours, the arbiter bookkeeping is Chipmunk's. */
static cpCollisionID space_collide(cpShape *a, cpShape *b, cpCollisionID id, cpSpace *space)
{
    if (!cpBBIntersects(a->bb, b->bb) || a->body == b->body)
        return id;
    int ba = shape_block(a), bb = shape_block(b);
    if (ba < 0 && bb < 0)
        return id;
    manifold m = {.count = 0};
    if (ba < 0 || bb < 0) {
        box blk = box_of(ba < 0 ? b->body : a->body);
        collide_floor(&blk, ba < 0, &m);
    } else {
        /* The lower-numbered block goes first, so the features keep their
         * ids however the broadphase orders the pair. */
        int swap = ba > bb;
        box x = box_of(a->body), y = box_of(b->body);
        collide_boxes(swap ? &y : &x, swap ? &x : &y, &m);
        if (swap)
            for (int i = 0; i < m.count; i++) {
                cpVect p = m.p1[i];
                m.p1[i] = m.p2[i];
                m.p2[i] = p;
            }
        if (swap)
            m.n = cpvneg(m.n);
    }
    if (m.count == 0)
        return id;
    struct cpContact *arr = cpContactBufferGetArray(space);
    for (int i = 0; i < m.count; i++) {
        arr[i].r1 = m.p1[i]; /* absolute here: cpArbiterUpdate makes them relative */
        arr[i].r2 = m.p2[i];
        arr[i].hash = m.id[i];
    }
    struct cpCollisionInfo info = {a, b, id, m.n, m.count, arr};
    const cpShape *pair[] = {a, b};
    cpArbiter *arb = (cpArbiter *)cpHashSetInsert(space->cachedArbiters, CP_HASH_PAIR((cpHashValue)a, (cpHashValue)b),
                                                  pair, (cpHashSetTransFunc)arbiter_alloc, space);
    cpArbiterUpdate(arb, &info, space);
    cpCollisionHandler *handler = arb->handler;
    if (arb->state == CP_ARBITER_STATE_FIRST_COLLISION && !handler->beginFunc(arb, space, handler->userData))
        cpArbiterIgnore(arb);
    if (arb->state != CP_ARBITER_STATE_IGNORE && handler->preSolveFunc(arb, space, handler->userData) &&
        arb->state != CP_ARBITER_STATE_IGNORE) {
        cpSpacePushContacts(space, m.count); /* keep them: the next pair writes after them */
        cpArrayPush(space->arbiters, arb);
    } else {
        arb->contacts = NULL;
        arb->count = 0;
        if (arb->state != CP_ARBITER_STATE_IGNORE)
            arb->state = CP_ARBITER_STATE_NORMAL;
    }
    arb->stamp = space->stamp;
    return id;
}

/* ---- Solver ----
 * Chipmunk solves a contact's two points one after the other, so a plank
 * resting on two points rocks from one to the other, and at real gravity a
 * tall column walks off its base. Both points are solved together instead
 * (the block solver of Box2D): the 2x2 problem for the two normal impulses. */

/* Separation, masses, position-correction and target velocities of a contact. */
static void contact_prestep(cpArbiter *arb, double dt, double bias_coef)
{
    cpBody *a = arb->body_a, *b = arb->body_b;
    cpVect n = arb->n, delta = cpvsub(b->p, a->p);
    for (int i = 0; i < arb->count; i++) {
        struct cpContact *con = &arb->contacts[i];
        con->nMass = 1.0 / k_scalar(a, b, con->r1, con->r2, n);
        con->tMass = 1.0 / k_scalar(a, b, con->r1, con->r2, cpvperp(n));
        double dist = cpvdot(cpvadd(cpvsub(con->r2, con->r1), delta), n);
        con->bias = -bias_coef * fmin(0.0, dist + SLOP) / dt;
        con->jBias = 0;
        double vn = normal_relative_velocity(a, b, con->r1, con->r2, n);
        /* Apart: the bodies may close the gap this step, no more. Touching:
         * they bounce back when they met fast enough. */
        con->bounce = dist > 0 ? dist / dt : vn < -BOUNCE_MIN ? vn * arb->e : 0;
    }
}

/* Solves x >= 0, K x + b >= 0, x.(K x + b) = 0 for the two normal impulses
 * of a manifold; returns 0 if no case fits (then the impulses stay). */
static int lcp2(double k11, double k12, double k22, double b1, double b2, double *x1, double *x2)
{
    double det = k11 * k22 - k12 * k12;
    double y1 = (k12 * b2 - k22 * b1) / det, y2 = (k12 * b1 - k11 * b2) / det;
    if (y1 >= 0 && y2 >= 0) {
        *x1 = y1, *x2 = y2;
        return 1;
    }
    y1 = -b1 / k11;
    if (y1 >= 0 && k12 * y1 + b2 >= 0) {
        *x1 = y1, *x2 = 0;
        return 1;
    }
    y2 = -b2 / k22;
    if (y2 >= 0 && k12 * y2 + b1 >= 0) {
        *x1 = 0, *x2 = y2;
        return 1;
    }
    if (b1 >= 0 && b2 >= 0) {
        *x1 = *x2 = 0;
        return 1;
    }
    return 0;
}

/* One solver pass over a manifold; returns the largest change of impulse. */
static double manifold_solve(cpArbiter *arb)
{
    cpBody *a = arb->body_a, *b = arb->body_b;
    cpVect n = arb->n, t = cpvperp(n);
    struct cpContact *c1 = &arb->contacts[0], *c2 = &arb->contacts[1];
    double k11 = 0, k12 = 0, k22 = 0;
    int block = arb->count == 2;
    if (block) {
        double r1a = cpvcross(c1->r1, n), r1b = cpvcross(c1->r2, n), r2a = cpvcross(c2->r1, n), r2b = cpvcross(c2->r2, n);
        double m = a->m_inv + b->m_inv;
        k11 = m + a->i_inv * r1a * r1a + b->i_inv * r1b * r1b;
        k22 = m + a->i_inv * r2a * r2a + b->i_inv * r2b * r2b;
        k12 = m + a->i_inv * r1a * r2a + b->i_inv * r1b * r2b;
        /* Two points that push alike (nearly the same place) are one point. */
        block = k11 * k11 < 1000.0 * (k11 * k22 - k12 * k12);
    }
    double change = 0;
    if (!block) {
        double old[2][2];
        for (int i = 0; i < arb->count; i++)
            old[i][0] = arb->contacts[i].jnAcc, old[i][1] = arb->contacts[i].jtAcc;
        cpArbiterApplyImpulse(arb);
        for (int i = 0; i < arb->count; i++)
            change = fmax(change, fmax(fabs(arb->contacts[i].jnAcc - old[i][0]), fabs(arb->contacts[i].jtAcc - old[i][1])));
        return change;
    }
    /* Friction first, each point within its cone of the last normal impulse. */
    for (int i = 0; i < 2; i++) {
        struct cpContact *c = &arb->contacts[i];
        cpVect vr = cpvadd(relative_velocity(a, b, c->r1, c->r2), arb->surface_vr);
        double old = c->jtAcc, max = arb->u * c->jnAcc;
        c->jtAcc = cpfclamp(old - cpvdot(vr, t) * c->tMass, -max, max);
        apply_impulses(a, b, c->r1, c->r2, cpvmult(t, c->jtAcc - old));
        change = fmax(change, fabs(c->jtAcc - old));
    }
    /* The position correction (pseudo-velocities) and then the velocities. */
    double x1, x2;
    {
        cpVect v1 = cpvsub(cpvadd(b->v_bias, cpvmult(cpvperp(c1->r2), b->w_bias)),
                           cpvadd(a->v_bias, cpvmult(cpvperp(c1->r1), a->w_bias)));
        cpVect v2 = cpvsub(cpvadd(b->v_bias, cpvmult(cpvperp(c2->r2), b->w_bias)),
                           cpvadd(a->v_bias, cpvmult(cpvperp(c2->r1), a->w_bias)));
        double a1 = c1->jBias, a2 = c2->jBias;
        double b1 = cpvdot(v1, n) - c1->bias - (k11 * a1 + k12 * a2);
        double b2 = cpvdot(v2, n) - c2->bias - (k12 * a1 + k22 * a2);
        if (lcp2(k11, k12, k22, b1, b2, &x1, &x2)) {
            c1->jBias = x1, c2->jBias = x2;
            apply_bias_impulses(a, b, c1->r1, c1->r2, cpvmult(n, x1 - a1));
            apply_bias_impulses(a, b, c2->r1, c2->r2, cpvmult(n, x2 - a2));
        }
    }
    double a1 = c1->jnAcc, a2 = c2->jnAcc;
    double b1 = normal_relative_velocity(a, b, c1->r1, c1->r2, n) + c1->bounce - (k11 * a1 + k12 * a2);
    double b2 = normal_relative_velocity(a, b, c2->r1, c2->r2, n) + c2->bounce - (k12 * a1 + k22 * a2);
    if (lcp2(k11, k12, k22, b1, b2, &x1, &x2)) {
        c1->jnAcc = x1, c2->jnAcc = x2;
        apply_impulses(a, b, c1->r1, c1->r2, cpvmult(n, x1 - a1));
        apply_impulses(a, b, c2->r1, c2->r2, cpvmult(n, x2 - a2));
        change = fmax(change, fmax(fabs(x1 - a1), fabs(x2 - a2)));
    }
    return change;
}

/* How fast an arbiter's bodies close along its normal before the solve, at
 * its fastest contact (units/s; 0 when they part or rest). */
static double closing_speed(const cpArbiter *arb)
{
    double fastest = 0;
    for (int i = 0; i < arb->count; i++) {
        const struct cpContact *con = &arb->contacts[i];
        fastest = fmax(fastest, -normal_relative_velocity(arb->body_a, arb->body_b, con->r1, con->r2, arb->n));
    }
    return fastest;
}

/* Files an impact after the solve: its impulse is what the solver spent
 * stopping it (the warm-started share included: zero on a first touch). */
static void knock_record(maxstax_world *w, const cpArbiter *arb)
{
    maxstax_knock k = {shape_block(arb->a), shape_block(arb->b), 0, 0, 0};
    for (int i = 0; i < arb->count; i++) {
        const struct cpContact *con = &arb->contacts[i];
        cpVect p = cpvadd(arb->body_a->p, con->r1);
        k.impulse += con->jnAcc;
        k.x += p.x / arb->count;
        k.y += p.y / arb->count;
    }
    if (k.a < 0) { /* the floor first: the block is a, the floor b */
        k.a = k.b;
        k.b = -1;
    }
    if (k.a < 0 || k.impulse <= 0)
        return;
    w->knocks[w->knock_count++ % KNOCK_RING] = k;
}

int maxstax_world_knocks(const maxstax_world *w, unsigned *seen, maxstax_knock *out, int max)
{
    unsigned from = *seen, n = 0;
    /* Too far behind, or a counter from an earlier world: the ring's oldest. */
    if (w->knock_count - from > KNOCK_RING)
        from = w->knock_count > KNOCK_RING ? w->knock_count - KNOCK_RING : 0;
    for (unsigned i = from; i != w->knock_count; i++) {
        const maxstax_knock *k = &w->knocks[i % KNOCK_RING];
        /* Insertion into out, strongest first, keeping the max strongest. */
        int at = (int)n;
        while (at > 0 && out[at - 1].impulse < k->impulse)
            at--;
        if (at >= max)
            continue;
        if ((int)n < max)
            n++;
        for (int j = (int)n - 1; j > at; j--)
            out[j] = out[j - 1];
        out[at] = *k;
    }
    *seen = w->knock_count;
    return (int)n;
}

/* cpSpaceStep with our contacts (space_collide), our prestep and block
 * solver, and as many iterations as the contacts need. The rest (sleeping,
 * arbiter caching, warm starting, joints, callbacks) is Chipmunk's as is. */
static void space_step(maxstax_world *w, double dt)
{
    cpSpace *space = w->space;
    space->stamp++;
    double prev_dt = space->curr_dt;
    space->curr_dt = dt;
    cpArray *bodies = space->dynamicBodies, *constraints = space->constraints, *arbiters = space->arbiters;
    for (int i = 0; i < arbiters->num; i++) {
        cpArbiter *arb = (cpArbiter *)arbiters->arr[i];
        arb->state = CP_ARBITER_STATE_NORMAL;
        if (!cpBodyIsSleeping(arb->body_a) && !cpBodyIsSleeping(arb->body_b))
            cpArbiterUnthread(arb);
    }
    arbiters->num = 0;
    cpSpaceLock(space);
    for (int i = 0; i < bodies->num; i++) {
        cpBody *body = (cpBody *)bodies->arr[i];
        body->position_func(body, dt);
    }
    cpSpacePushFreshContactBuffer(space);
    cpSpatialIndexEach(space->dynamicShapes, (cpSpatialIndexIteratorFunc)cpShapeUpdateFunc, NULL);
    cpSpatialIndexReindexQuery(space->dynamicShapes, (cpSpatialIndexQueryFunc)space_collide, space);
    cpSpaceUnlock(space, cpFalse);
    cpSpaceProcessComponents(space, dt);
    cpSpaceLock(space);
    cpHashSetFilter(space->cachedArbiters, (cpHashSetFilterFunc)cpSpaceArbiterSetFilter, space);
    double bias_coef = 1.0 - pow(space->collisionBias, dt);
    for (int i = 0; i < arbiters->num; i++)
        contact_prestep((cpArbiter *)arbiters->arr[i], dt, bias_coef);
    cpArbiter *impacts[KNOCK_RING];
    int n_impacts = 0;
    for (int i = 0; i < arbiters->num && n_impacts < KNOCK_RING; i++)
        if (closing_speed((cpArbiter *)arbiters->arr[i]) > KNOCK_SPEED)
            impacts[n_impacts++] = (cpArbiter *)arbiters->arr[i];
    for (int i = 0; i < constraints->num; i++) {
        cpConstraint *c = (cpConstraint *)constraints->arr[i];
        if (c->preSolve)
            c->preSolve(c, space);
        c->klass->preStep(c, dt);
    }
    double damping = pow(space->damping, dt);
    for (int i = 0; i < bodies->num; i++) {
        cpBody *body = (cpBody *)bodies->arr[i];
        body->velocity_func(body, space->gravity, damping, dt);
    }
    double dt_coef = prev_dt == 0 ? 0 : dt / prev_dt;
    for (int i = 0; i < arbiters->num; i++)
        cpArbiterApplyCachedImpulse((cpArbiter *)arbiters->arr[i], dt_coef);
    for (int i = 0; i < constraints->num; i++) {
        cpConstraint *c = (cpConstraint *)constraints->arr[i];
        c->klass->applyCachedImpulse(c, dt_coef);
    }
    double tolerance = TOLERANCE * BLOCK_MASS * GRAVITY * dt;
    for (int it = 0; it < MAX_ITERATIONS; it++) {
        double change = 0;
        for (int j = 0; j < arbiters->num; j++)
            change = fmax(change, manifold_solve((cpArbiter *)arbiters->arr[j]));
        for (int j = 0; j < constraints->num; j++) {
            cpConstraint *c = (cpConstraint *)constraints->arr[j];
            double before = c->klass->getImpulse(c);
            c->klass->applyImpulse(c, dt);
            change = fmax(change, fabs(c->klass->getImpulse(c) - before));
        }
        if (it + 1 >= MIN_ITERATIONS && change < tolerance)
            break;
    }
    for (int i = 0; i < constraints->num; i++) {
        cpConstraint *c = (cpConstraint *)constraints->arr[i];
        if (c->postSolve)
            c->postSolve(c, space);
    }
    for (int i = 0; i < arbiters->num; i++) {
        cpArbiter *arb = (cpArbiter *)arbiters->arr[i];
        arb->handler->postSolveFunc(arb, space, arb->handler->userData);
    }
    for (int i = 0; i < n_impacts; i++)
        knock_record(w, impacts[i]);
    cpSpaceUnlock(space, cpTrue);
}

/* ---- The world ---- */

maxstax_world *maxstax_world_new(void)
{
    maxstax_world *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->space = cpSpaceNew();
    cpSpaceSetGravity(w->space, cpv(0, -GRAVITY));
    cpSpaceSetCollisionSlop(w->space, SLOP);
    cpSpaceSetCollisionBias(w->space, OVERLAP_LEFT);
    cpSpaceSetDamping(w->space, DAMPING);
    cpSpaceSetSleepTimeThreshold(w->space, SLEEP_TIME);
    cpSpaceSetIdleSpeedThreshold(w->space, IDLE_SPEED);
    /* A slab whose top is y = 0, long enough for four players; only its
     * bounding box is used (collide_floor knows where the floor is). */
    w->floor = cpBoxShapeNew2(cpSpaceGetStaticBody(w->space), cpBBNew(-500, -10, 500, 0), 0);
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
    /* The shape's rounding is the contact margin: it widens the bounding box
     * that the broadphase pairs by, not the block. */
    w->shape[b] = cpSpaceAddShape(w->space, cpBoxShapeNew(w->body[b], MAXSTAX_BLOCK_LEN, MAXSTAX_BLOCK_THICK, MARGIN));
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
    w->rest_y[b] = NAN; /* it may have been put in the air: it finds its rest */
    w->slow[b] = 0;
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

int maxstax_world_falls(const maxstax_world *w, int b) { return w->falls[b]; }

int maxstax_world_sleeping(const maxstax_world *w, int b) { return cpBodyIsSleeping(w->body[b]); }

void maxstax_world_set_sleeping(maxstax_world *w, int on)
{
    cpSpaceSetSleepTimeThreshold(w->space, on ? SLEEP_TIME : INFINITY);
    if (!on)
        for (int b = 0; b < w->n; b++)
            cpBodyActivate(w->body[b]);
}

/* Where each block last lay at rest, and whether it has since dropped more
 * than its own thickness below it: a fall. A held block has no rest. */
static void track_falls(maxstax_world *w)
{
    for (int b = 0; b < w->n; b++) {
        int held = 0;
        for (int h = 0; h < MAXSTAX_MAX_HANDS; h++)
            held |= w->hands[h].block == b;
        double y = cpBodyGetPosition(w->body[b]).y;
        if (held) {
            w->rest_y[b] = NAN;
            w->slow[b] = 0;
            continue;
        }
        w->slow[b] = maxstax_world_speed(w, b) < REST_SPEED ? w->slow[b] + 1 : 0;
        if (w->slow[b] >= REST_STEPS)
            w->rest_y[b] = y;
        else if (w->rest_y[b] - y > MAXSTAX_BLOCK_THICK) {
            w->falls[b]++;
            w->rest_y[b] = NAN; /* one fall until it comes to rest again */
        }
    }
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
    space_step(w, MAXSTAX_STEP);
    track_falls(w);
}

int maxstax_world_block_at(const maxstax_world *w, double x, double y)
{
    /* Inside the block itself, not its contact margin; where blocks overlap,
     * the one the point is deepest in. */
    int best = -1;
    double depth = 0;
    for (int b = 0; b < w->n; b++) {
        box bx = box_of(w->body[b]);
        cpVect d = cpvsub(cpv(x, y), bx.c);
        double in = fmin(bx.h[0] - fabs(cpvdot(d, bx.ax[0])), bx.h[1] - fabs(cpvdot(d, bx.ax[1])));
        if (in >= 0 && (best < 0 || in > depth)) {
            best = b;
            depth = in;
        }
    }
    return best;
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
    /* A critically damped spring turns it to the target angle. */
    double inertia = cpBodyGetMoment(body), k = inertia * pow(2 * PI * GRIP_HZ, 2);
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
