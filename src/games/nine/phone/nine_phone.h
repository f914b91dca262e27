/* 9 STAX on a phone: the `public` and `private` objects of the view message
 * (docs/phones.md), written from an observed state. No SDL; cJSON. */
#ifndef STACKHOUSE_NINE_PHONE_H
#define STACKHOUSE_NINE_PHONE_H

struct cJSON;

/* Seats in the game of a nine_state (observed or not: the count is public). */
int nine_phone_players(const void *st);
/* Adds the table everyone sees to pub (obs: nine_rules.observe's output). */
void nine_phone_public(const void *obs, struct cJSON *pub);
/* Adds what seat (0-based) alone sees to priv (obs: observed for seat). */
void nine_phone_private(const void *obs, int seat, struct cJSON *priv);

#endif
