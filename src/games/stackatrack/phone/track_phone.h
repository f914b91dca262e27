/* Stack-A-Track on a phone: the `public` and `private` objects of the view
 * message (docs/phones.md), written from an observed state. No SDL; cJSON. */
#ifndef STACKHOUSE_TRACK_PHONE_H
#define STACKHOUSE_TRACK_PHONE_H

struct cJSON;

/* Seats in the game of a track_state (observed or not: the count is public). */
int track_phone_players(const void *st);
/* Adds the frame and what everyone sees to pub (obs: observed; with hidden
 * blocks off it is the state itself, and every hand is public). */
void track_phone_public(const void *obs, struct cJSON *pub);
/* Adds seat's (0-based) blocks to priv (obs: observed for seat). */
void track_phone_private(const void *obs, int seat, struct cJSON *priv);

#endif
