/* test-net-wire.c: the network protocol's messages, and two sessions wired back to back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The two sides of a network game run in one process: what one session sends, the other
 * receives (through queues, as a transport would deliver it). Whole games of Xiangqi, Chess and
 * Shogi are played by a seeded random mover that takes a mate in one when it sees one; the
 * questions between the players, a resume after a drop, and every refusal are checked with both
 * games compared after each step.
 */
#include "config.h"

#include <string.h>

#include <catur.h>

typedef struct
{
  CaturNetSession *host;
  CaturNetSession *guest;
  GQueue to_host;
  GQueue to_guest;
  /* Messages each side has taken (so far delivered), for crafting the next sequence number. */
  guint delivered_to_host;
  guint delivered_to_guest;
  /* The network is down: what is sent is lost. */
  gboolean dropping;
  GPtrArray *refusals;
} Wire;

static void
host_send_cb (CaturNetSession *session,
              GBytes          *bytes,
              Wire            *wire)
{
  if (!wire->dropping)
    g_queue_push_tail (&wire->to_guest, g_bytes_ref (bytes));
}

static void
guest_send_cb (CaturNetSession *session,
               GBytes          *bytes,
               Wire            *wire)
{
  if (!wire->dropping)
    g_queue_push_tail (&wire->to_host, g_bytes_ref (bytes));
}

static void
refused_cb (CaturNetSession *session,
            GError          *error,
            Wire            *wire)
{
  g_ptr_array_add (wire->refusals, g_error_copy (error));
}

static void
wire_attach (Wire            *wire,
             CaturNetSession *host,
             CaturNetSession *guest)
{
  wire->host = host;
  wire->guest = guest;
  wire->delivered_to_host = wire->delivered_to_guest = 0;
  g_signal_connect (host, "send", G_CALLBACK (host_send_cb), wire);
  g_signal_connect (guest, "send", G_CALLBACK (guest_send_cb), wire);
  g_signal_connect (host, "refused", G_CALLBACK (refused_cb), wire);
  g_signal_connect (guest, "refused", G_CALLBACK (refused_cb), wire);
}

static void
wire_detach (Wire *wire)
{
  g_queue_clear_full (&wire->to_host, (GDestroyNotify) g_bytes_unref);
  g_queue_clear_full (&wire->to_guest, (GDestroyNotify) g_bytes_unref);
  g_clear_object (&wire->host);
  g_clear_object (&wire->guest);
}

static Wire *
wire_new (void)
{
  Wire *wire = g_new0 (Wire, 1);

  g_queue_init (&wire->to_host);
  g_queue_init (&wire->to_guest);
  wire->refusals = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  return wire;
}

static void
wire_free (Wire *wire)
{
  wire_detach (wire);
  g_ptr_array_unref (wire->refusals);
  g_free (wire);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Wire, wire_free)

/* Delivers every message in flight, each side in turn, none refused. */
static void
wire_pump (Wire *wire)
{
  while (!g_queue_is_empty (&wire->to_host) || !g_queue_is_empty (&wire->to_guest))
    {
      g_autoptr(GBytes) to_guest = g_queue_pop_head (&wire->to_guest);
      g_autoptr(GBytes) to_host = NULL;
      g_autoptr(GError) error = NULL;
      gsize size;
      const guint8 *data;

      if (to_guest != NULL)
        {
          data = g_bytes_get_data (to_guest, &size);
          g_assert_true (catur_net_session_receive (wire->guest, data, size, &error));
          g_assert_no_error (error);
          wire->delivered_to_guest++;
          continue;
        }
      to_host = g_queue_pop_head (&wire->to_host);
      data = g_bytes_get_data (to_host, &size);
      g_assert_true (catur_net_session_receive (wire->host, data, size, &error));
      g_assert_no_error (error);
      wire->delivered_to_host++;
    }
}

static char *
game_text (CaturGame *game)
{
  CaturVariant *variant = catur_game_get_variant (game);
  g_autofree char *fen = catur_variant_format (variant, catur_game_get_position (game));
  guint8 digest[CATUR_NET_DIGEST_SIZE];
  g_autofree char *hex = NULL;
  const CaturOutcome *outcome = catur_game_get_outcome (game);

  catur_net_record_digest (game, catur_game_get_n_plies (game), digest);
  hex = g_compute_checksum_for_data (G_CHECKSUM_MD5, digest, sizeof digest);
  return g_strdup_printf ("%u plies, %s, record %s, result %d/%d/%d, draw offer %d",
                          catur_game_get_n_plies (game), fen, hex, outcome->result,
                          outcome->winner, outcome->reason, catur_game_get_draw_offer (game));
}

/* Both sides have one game. */
static void
assert_in_step (Wire *wire)
{
  g_autofree char *host = game_text (catur_net_session_get_game (wire->host));
  g_autofree char *guest = game_text (catur_net_session_get_game (wire->guest));

  g_assert_cmpstr (host, ==, guest);
}

static CaturVariant *
variant_or_skip (const char *id)
{
  CaturVariant *variant = catur_plugins_find_variant (id);

  if (variant == NULL)
    g_test_skip_printf ("the %s plugin is not built", id);
  return variant;
}

/* A new game hosted from the first seat and joined by a guest with no game. */
static Wire *
connect_new (CaturVariant *variant,
             GVariant     *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  Wire *wire = wire_new ();
  CaturNetSession *host;
  CaturNetSession *guest;

  game = catur_game_new (variant, catur_variant_new_position (variant, options, 0));
  catur_game_set_options (game, options);
  host = catur_net_session_new_host (game, CATUR_SIDE_FIRST, "Ana", &error);
  g_assert_no_error (error);
  guest = catur_net_session_new_guest (variant, NULL, CATUR_SIDE_NONE, "Budi 🙂", &error);
  g_assert_no_error (error);
  wire_attach (wire, host, guest);
  g_assert_true (catur_net_session_start (guest, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_cmpint (catur_net_session_get_state (host), ==, CATUR_NET_STATE_PLAYING);
  g_assert_cmpint (catur_net_session_get_state (guest), ==, CATUR_NET_STATE_PLAYING);
  g_assert_cmpint (catur_net_session_get_seat (guest), ==, CATUR_SIDE_SECOND);
  g_assert_cmpstr (catur_net_session_get_peer_name (host), ==, "Budi 🙂");
  g_assert_cmpstr (catur_net_session_get_peer_name (guest), ==, "Ana");
  assert_in_step (wire);
  return wire;
}

/* The session whose side is to move. */
static CaturNetSession *
mover (Wire *wire)
{
  CaturGame *game = catur_net_session_get_game (wire->host);
  CaturSide side = catur_game_get_side_to_move (game);

  return catur_net_session_get_seat (wire->host) == side ? wire->host : wire->guest;
}

/* A seeded random legal move; a mate in one when there is one, and captures half the time,
 * so that a game ends. */
static CaturMove
pick_move (CaturVariant        *variant,
           const CaturPosition *position,
           GRand               *rand)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (variant, position);
  g_autoptr(GArray) captures = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  CaturSide side = catur_variant_side_to_move (variant, position);

  g_assert_cmpuint (moves->len, >, 0);
  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove move = g_array_index (moves, CaturMove, i);
      g_autoptr(CaturPosition) after = catur_position_copy (position);
      CaturMoveEffects effects;

      catur_variant_play (variant, after, &move);
      if (catur_variant_in_check (variant, after, NULL))
        {
          CaturOutcome outcome;

          catur_variant_status (variant, after, NULL, &outcome);
          if (outcome.result == CATUR_RESULT_WIN && outcome.winner == side)
            return g_array_index (moves, CaturMove, i);
        }
      catur_variant_move_effects (variant, position, &g_array_index (moves, CaturMove, i),
                                  &effects);
      if (effects.captured != CATUR_SQUARE_NONE)
        g_array_append_val (captures, g_array_index (moves, CaturMove, i));
    }
  if (captures->len > 0 && g_rand_boolean (rand))
    return g_array_index (captures, CaturMove, g_rand_int_range (rand, 0, captures->len));
  return g_array_index (moves, CaturMove, g_rand_int_range (rand, 0, moves->len));
}

/* Plays @n plies (or to the end) by the random mover, both games compared after each. */
static void
play_random (Wire  *wire,
             GRand *rand,
             guint  n)
{
  for (guint i = 0; i < n; i++)
    {
      CaturGame *game = catur_net_session_get_game (wire->host);
      CaturVariant *variant = catur_game_get_variant (game);
      g_autoptr(GError) error = NULL;
      CaturMove move;

      if (catur_game_is_over (game))
        return;
      move = pick_move (variant, catur_game_get_position (game), rand);
      g_assert_true (catur_net_session_play_move (mover (wire), &move, &error));
      g_assert_no_error (error);
      wire_pump (wire);
      assert_in_step (wire);
    }
}

/* More plies than these random games last; one that does not end by then is resigned. */
#define MAX_PLIES 1500

static void
count_cb (CaturNetSession *session,
          guint            ply,
          guint           *count)
{
  (*count)++;
}

static void
test_whole_game (gconstpointer data)
{
  const char *id = data;
  CaturVariant *variant = variant_or_skip (id);
  g_autoptr(Wire) wire = NULL;
  g_autoptr(GRand) rand = NULL;
  g_autoptr(GError) error = NULL;
  CaturGame *game;
  const CaturOutcome *outcome;
  guint64 bytes;
  guint messages;
  guint peer_moves = 0;

  if (variant == NULL)
    return;

  wire = connect_new (variant, NULL);
  g_signal_connect (wire->host, "peer-moved", G_CALLBACK (count_cb), &peer_moves);
  g_signal_connect (wire->guest, "peer-moved", G_CALLBACK (count_cb), &peer_moves);
  rand = g_rand_new_with_seed (36);
  play_random (wire, rand, MAX_PLIES);
  game = catur_net_session_get_game (wire->host);
  if (!catur_game_is_over (game))
    {
      g_assert_true (catur_net_session_resign (mover (wire), &error));
      wire_pump (wire);
    }
  assert_in_step (wire);
  outcome = catur_game_get_outcome (game);
  g_assert_true (catur_game_is_over (catur_net_session_get_game (wire->guest)));
  g_assert_cmpuint (wire->refusals->len, ==, 0);
  /* Each ply was announced once, on the side that did not play it. */
  g_assert_cmpuint (peer_moves, ==, catur_game_get_n_plies (game));
  bytes = catur_net_session_get_bytes_sent (wire->host)
          + catur_net_session_get_bytes_sent (wire->guest);
  messages = catur_net_session_get_messages_sent (wire->host)
             + catur_net_session_get_messages_sent (wire->guest);
  g_test_message ("%s: %u plies, ended by %s, %u messages, %" G_GUINT64_FORMAT " bytes",
                  id, catur_game_get_n_plies (game), catur_reason_to_id (outcome->reason),
                  messages, bytes);
}

static void
test_take_back (void)
{
  CaturVariant *variant = variant_or_skip ("xiangqi");
  g_autoptr(Wire) wire = NULL;
  g_autoptr(GError) error = NULL;
  CaturGame *host_game;

  if (variant == NULL)
    return;
  wire = connect_new (variant, NULL);
  host_game = catur_net_session_get_game (wire->host);
  g_assert_true (catur_net_session_play_text (wire->host, "h2e2", &error));
  wire_pump (wire);
  g_assert_true (catur_net_session_play_text (wire->guest, "h9g7", &error));
  wire_pump (wire);
  g_assert_true (catur_net_session_play_text (wire->host, "b0c2", &error));
  g_assert_no_error (error);
  wire_pump (wire);

  /* Refused: the guest asks to take back its move (2 plies, it is to move). */
  g_assert_true (catur_net_session_ask_take_back (wire->guest, &error));
  g_assert_no_error (error);
  /* The asker may not move while its question stands. */
  g_assert_false (catur_net_session_play_text (wire->guest, "b9c7", &error));
  g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  wire_pump (wire);
  g_assert_cmpint (catur_net_session_get_take_back_asker (wire->host), ==, CATUR_SIDE_SECOND);
  g_assert_true (catur_net_session_answer_take_back (wire->host, FALSE, &error));
  wire_pump (wire);
  g_assert_cmpuint (catur_game_get_n_plies (host_game), ==, 3);
  g_assert_cmpint (catur_net_session_get_take_back_asker (wire->guest), ==, CATUR_SIDE_NONE);
  assert_in_step (wire);

  /* Granted: the host takes back its last move (1 ply). */
  g_assert_true (catur_net_session_ask_take_back (wire->host, &error));
  wire_pump (wire);
  g_assert_true (catur_net_session_answer_take_back (wire->guest, TRUE, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_cmpuint (catur_game_get_n_plies (host_game), ==, 2);
  assert_in_step (wire);
  /* And play goes on from there. */
  g_assert_true (catur_net_session_play_text (wire->host, "h0g2", &error));
  g_assert_no_error (error);
  wire_pump (wire);
  assert_in_step (wire);
  g_assert_cmpuint (wire->refusals->len, ==, 0);
}

static void
answered_cb (CaturNetSession *session,
             gboolean         accepted,
             int             *answer)
{
  *answer = accepted;
}

/* A take-back question answered by a move: no, on both sides alike. */
static void
test_take_back_lapses (void)
{
  CaturVariant *variant = variant_or_skip ("xiangqi");
  g_autoptr(Wire) wire = NULL;
  g_autoptr(GError) error = NULL;
  int answer = -1;

  if (variant == NULL)
    return;
  wire = connect_new (variant, NULL);
  g_signal_connect (wire->guest, "take-back-answered", G_CALLBACK (answered_cb), &answer);
  g_assert_true (catur_net_session_play_text (wire->host, "h2e2", &error));
  wire_pump (wire);
  g_assert_true (catur_net_session_play_text (wire->guest, "h9g7", &error));
  wire_pump (wire);
  g_assert_true (catur_net_session_ask_take_back (wire->guest, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_true (catur_net_session_play_text (wire->host, "b0c2", &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_cmpint (answer, ==, FALSE);
  g_assert_cmpint (catur_net_session_get_take_back_asker (wire->host), ==, CATUR_SIDE_NONE);
  g_assert_cmpint (catur_net_session_get_take_back_asker (wire->guest), ==, CATUR_SIDE_NONE);
  /* A late yes to the lapsed question is no answer at all. */
  g_assert_false (catur_net_session_answer_take_back (wire->host, TRUE, &error));
  g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_true (catur_net_session_play_text (wire->guest, "b9c7", &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_cmpuint (catur_game_get_n_plies (catur_net_session_get_game (wire->host)), ==, 4);
  assert_in_step (wire);
  g_assert_cmpuint (wire->refusals->len, ==, 0);
}

static void
test_draw_and_resign (void)
{
  CaturVariant *variant = variant_or_skip ("chess");
  g_autoptr(Wire) wire = NULL;
  g_autoptr(Wire) second = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  CaturGame *game;

  if (variant == NULL)
    return;
  wire = connect_new (variant, NULL);
  play_random (wire, rand, 6);
  game = catur_net_session_get_game (wire->guest);
  /* A declined offer first, then an agreed one. */
  g_assert_true (catur_net_session_offer_draw (wire->host, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_FIRST);
  g_assert_true (catur_net_session_answer_draw (wire->guest, FALSE, &error));
  wire_pump (wire);
  g_assert_false (catur_game_is_over (game));
  assert_in_step (wire);
  g_assert_true (catur_net_session_offer_draw (wire->guest, &error));
  wire_pump (wire);
  g_assert_true (catur_net_session_answer_draw (wire->host, TRUE, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_AGREEMENT);
  assert_in_step (wire);

  /* A resignation, by the side not to move. */
  second = connect_new (variant, NULL);
  play_random (second, rand, 3);
  g_assert_true (catur_net_session_resign (second->host, &error));
  g_assert_no_error (error);
  wire_pump (second);
  game = catur_net_session_get_game (second->guest);
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_RESIGN);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_SECOND);
  assert_in_step (second);
  g_assert_cmpuint (wire->refusals->len + second->refusals->len, ==, 0);
}

static void
test_rematch (void)
{
  CaturVariant *variant = variant_or_skip ("xiangqi");
  g_autoptr(Wire) wire = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  CaturGame *old_game;

  if (variant == NULL)
    return;
  wire = connect_new (variant, NULL);
  play_random (wire, rand, 4);
  /* Not before the end. */
  g_assert_false (catur_net_session_ask_rematch (wire->guest, &error));
  g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_true (catur_net_session_resign (wire->guest, &error));
  wire_pump (wire);
  old_game = catur_net_session_get_game (wire->host);
  g_assert_true (catur_net_session_ask_rematch (wire->guest, &error));
  wire_pump (wire);
  g_assert_cmpint (catur_net_session_get_rematch_asker (wire->host), ==, CATUR_SIDE_SECOND);
  g_assert_true (catur_net_session_answer_rematch (wire->host, TRUE, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_true (catur_net_session_get_game (wire->host) != old_game);
  g_assert_cmpint (catur_net_session_get_seat (wire->host), ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_net_session_get_seat (wire->guest), ==, CATUR_SIDE_FIRST);
  g_assert_cmpuint (catur_game_get_n_plies (catur_net_session_get_game (wire->host)), ==, 0);
  g_assert_cmpint (catur_game_get_bottom_side (catur_net_session_get_game (wire->guest)), ==,
                   CATUR_SIDE_FIRST);
  /* The guest opens the new game now; the host may not. */
  g_assert_false (catur_net_session_play_text (wire->host, "h2e2", &error));
  g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_NOT_ALLOWED);
  g_clear_error (&error);
  g_assert_true (catur_net_session_play_text (wire->guest, "h2e2", &error));
  g_assert_no_error (error);
  wire_pump (wire);
  play_random (wire, rand, 6);
  assert_in_step (wire);
  g_assert_cmpuint (wire->refusals->len, ==, 0);
}

/* The connection drops (@lost moves sent into the void), both programs go on with new
 * sessions over the kept games, and the hellos bring the behind side up to the same ply. */
static void
resume_after_drop (CaturVariant *variant,
                   gboolean      guest_behind,
                   gboolean      guest_restarted)
{
  g_autoptr(Wire) wire = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(CaturGame) host_game = NULL;
  g_autoptr(CaturGame) guest_game = NULL;
  CaturNetSession *host;
  CaturNetSession *guest;
  CaturSide host_seat;
  CaturSide guest_seat;
  guint ahead;
  CaturMove move;

  wire = connect_new (variant, NULL);
  play_random (wire, rand, 9);
  host_game = g_object_ref (catur_net_session_get_game (wire->host));
  guest_game = g_object_ref (catur_net_session_get_game (wire->guest));
  host_seat = catur_net_session_get_seat (wire->host);
  guest_seat = catur_net_session_get_seat (wire->guest);

  /* The one side's move leaves, the cable is out before it arrives. */
  if ((mover (wire) == wire->host) != guest_behind)
    play_random (wire, rand, 1);
  wire->dropping = TRUE;
  move = pick_move (variant, catur_game_get_position (host_game), rand);
  g_assert_true (catur_net_session_play_move (mover (wire), &move, &error));
  g_assert_no_error (error);
  ahead = catur_game_get_n_plies (guest_behind ? host_game : guest_game);
  g_assert_cmpuint (catur_game_get_n_plies (guest_behind ? guest_game : host_game), ==,
                    ahead - 1);
  wire_detach (wire);
  wire->dropping = FALSE;

  /* A guest program killed and started again has only its saved game. */
  if (guest_restarted)
    {
      g_autoptr(CaturAutosave) saved = catur_autosave_new_from_game (guest_game);
      CaturGame *restored = catur_autosave_restore (saved, &error);

      g_assert_no_error (error);
      g_object_unref (guest_game);
      guest_game = restored;
    }
  host = catur_net_session_new_host (host_game, host_seat, "Ana", &error);
  guest = catur_net_session_new_guest (variant, guest_game, guest_seat, "Budi", &error);
  g_assert_no_error (error);
  wire_attach (wire, host, guest);
  g_assert_true (catur_net_session_start (guest, &error));
  wire_pump (wire);
  g_assert_cmpuint (catur_game_get_n_plies (host_game), ==, ahead);
  g_assert_cmpuint (catur_game_get_n_plies (guest_game), ==, ahead);
  assert_in_step (wire);
  /* And the game goes on. */
  play_random (wire, rand, 4);
  g_assert_cmpuint (catur_game_get_n_plies (host_game), >=, ahead + 1);
  assert_in_step (wire);
  g_assert_cmpuint (wire->refusals->len, ==, 0);
}

static void
test_resume (void)
{
  const char *ids[] = { "xiangqi", "chess", "shogi" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      CaturVariant *variant = catur_plugins_find_variant (ids[i]);

      if (variant == NULL)
        continue;
      resume_after_drop (variant, TRUE, FALSE);
      resume_after_drop (variant, FALSE, FALSE);
      resume_after_drop (variant, TRUE, TRUE);
    }
}

static void
pong_cb (CaturNetSession *session,
         gint64           round_trip,
         gint64          *out)
{
  *out = round_trip;
}

static void
closed_cb (CaturNetSession *session,
           guint            reason,
           const char      *detail,
           guint           *out)
{
  *out = reason + 100;
}

/* Two records that differ are not resumed: the host refuses the hello. */
static void
test_resume_other_record (void)
{
  CaturVariant *variant = variant_or_skip ("xiangqi");
  g_autoptr(Wire) wire = wire_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) host_game = NULL;
  g_autoptr(CaturGame) guest_game = NULL;
  CaturNetSession *host;
  CaturNetSession *guest;
  guint closed = 0;

  if (variant == NULL)
    return;
  host_game = catur_game_new (variant, NULL);
  guest_game = catur_game_new (variant, NULL);
  g_assert_true (catur_game_play_text (host_game, "h2e2", NULL));
  g_assert_true (catur_game_play_text (guest_game, "b2e2", NULL));
  host = catur_net_session_new_host (host_game, CATUR_SIDE_FIRST, "Ana", &error);
  guest = catur_net_session_new_guest (variant, guest_game, CATUR_SIDE_SECOND, "Budi", &error);
  wire_attach (wire, host, guest);
  g_signal_connect (guest, "closed", G_CALLBACK (closed_cb), &closed);
  g_assert_true (catur_net_session_start (guest, &error));
  g_assert_nonnull (g_queue_peek_head (&wire->to_host));
  {
    g_autoptr(GBytes) hello = g_queue_pop_head (&wire->to_host);

    g_assert_false (catur_net_session_receive (host, g_bytes_get_data (hello, NULL),
                                               g_bytes_get_size (hello), &error));
    g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_GAME_MISMATCH);
  }
  wire_pump (wire);
  g_assert_cmpuint (closed, ==, 100 + CATUR_NET_REFUSAL_RECORD);
  g_assert_cmpint (catur_net_session_get_state (host), ==, CATUR_NET_STATE_CLOSED);
  g_assert_cmpint (catur_net_session_get_state (guest), ==, CATUR_NET_STATE_CLOSED);
  g_assert_cmpuint (catur_game_get_n_plies (host_game), ==, 1);
  g_assert_cmpuint (catur_game_get_n_plies (guest_game), ==, 1);
}

/* Sends @message to @session as the next message of its peer, and expects @code. The real
 * peer then sends a message into the void, so that its numbers stay in step. */
static void
expect_refused (Wire            *wire,
                CaturNetSession *session,
                CaturNetMessage *message,
                gint             code)
{
  CaturNetSession *peer = session == wire->host ? wire->guest : wire->host;
  guint *delivered = session == wire->host ? &wire->delivered_to_host
                                           : &wire->delivered_to_guest;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  guint before = wire->refusals->len;

  message->seq = *delivered + 1;
  bytes = catur_net_message_encode (message, &error);
  g_assert_no_error (error);
  g_assert_false (catur_net_session_receive (session, g_bytes_get_data (bytes, NULL),
                                             g_bytes_get_size (bytes), &error));
  g_assert_error (error, CATUR_NET_ERROR, code);
  g_assert_cmpuint (wire->refusals->len, ==, before + 1);
  (*delivered)++;
  wire->dropping = TRUE;
  g_assert_true (catur_net_session_ping (peer, NULL));
  wire->dropping = FALSE;
}

static void
expect_bytes_refused (CaturNetSession *session,
                      const guint8    *data,
                      gsize            length,
                      gint             code)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (catur_net_session_receive (session, data, length, &error));
  g_assert_error (error, CATUR_NET_ERROR, code);
}

static void
checked_cb (CaturNetSession *session,
            GError          *error,
            int             *out)
{
  *out = error == NULL ? 1 : 2;
}

/* A random legal move that plays nothing (a flip cannot be played on what the players see
 * before the deal opens it); captures half the time, so that a game ends. */
static CaturMove
pick_unplayed (CaturVariant        *variant,
               const CaturPosition *position,
               GRand               *rand)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (variant, position);
  g_autoptr(GArray) captures = g_array_new (FALSE, FALSE, sizeof (CaturMove));

  g_assert_cmpuint (moves->len, >, 0);
  for (guint i = 0; i < moves->len; i++)
    {
      CaturMoveEffects effects;

      catur_variant_move_effects (variant, position, &g_array_index (moves, CaturMove, i),
                                  &effects);
      if (effects.captured != CATUR_SQUARE_NONE)
        g_array_append_val (captures, g_array_index (moves, CaturMove, i));
    }
  if (captures->len > 0 && g_rand_boolean (rand))
    return g_array_index (captures, CaturMove, g_rand_int_range (rand, 0, captures->len));
  return g_array_index (moves, CaturMove, g_rand_int_range (rand, 0, moves->len));
}

/* The guest asks to flip, the host answers with its share, and before the guest's flip comes
 * the host is sent flips of other pieces, or another move: each is refused. */
static void
forge_flips (Wire      *wire,
             CaturMove *flip)
{
  CaturVariant *variant = catur_game_get_variant (catur_net_session_get_game (wire->host));
  CaturGame *game = catur_net_session_get_game (wire->host);
  const CaturPosition *position = catur_game_get_position (game);
  const char *letters = "KAERHCPkaerhcp";
  g_autoptr(GBytes) share = NULL;
  g_autoptr(GArray) moves = NULL;
  g_autoptr(CaturNetMessage) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturNetDeck) deck = NULL;
  g_autofree char *square = catur_variant_format_move (variant, position, flip, NULL);
  g_autofree char *dealt_text = NULL;
  guint n = catur_game_get_n_plies (game);
  guint forged = 0, card;
  CaturMove dealt;

  g_assert_true (catur_net_session_play_move (wire->guest, flip, &error));
  g_assert_no_error (error);
  share = g_queue_pop_head (&wire->to_host);
  g_assert_nonnull (share);
  g_assert_true (catur_net_session_receive (wire->host, g_bytes_get_data (share, NULL),
                                            g_bytes_get_size (share), &error));
  g_assert_no_error (error);
  wire->delivered_to_host++;
  /* The host answered with its share, and holds the card. */
  g_assert_false (g_queue_is_empty (&wire->to_guest));
  deck = catur_net_deck_new (variant, catur_game_get_start_position (game), &error);
  g_assert_no_error (error);
  g_assert_true (catur_net_deal_get_card (catur_net_session_get_deal (wire->host),
                                          catur_net_deck_get_position (deck, flip->from),
                                          &card));
  g_assert_true (catur_net_deck_flip_move (deck, catur_net_deck_get_position (deck, flip->from),
                                           card, &dealt));
  dealt_text = catur_variant_format_move (variant, position, &dealt,
                                          catur_variant_get_coordinate_notation (variant));

  for (const char *c = letters; *c != '\0'; c++)
    {
      g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_MOVE);
      g_autofree char *text = g_strdup_printf ("%s=%c", square, *c);
      CaturMove move;

      if (!catur_variant_parse_move (variant, position, text, &move, NULL))
        continue;
      message->ply = n + 1;
      message->text = catur_variant_format_move (variant, position, &move,
                                                 catur_variant_get_coordinate_notation (variant));
      if (g_strcmp0 (message->text, dealt_text) == 0)
        continue;
      expect_refused (wire, wire->host, message, CATUR_NET_ERROR_ILLEGAL_MOVE);
      g_assert_cmpuint (catur_game_get_n_plies (game), ==, n);
      forged++;
    }
  /* Every letter but the deal's own, which the genuine flip will carry. */
  g_assert_cmpuint (forged, >=, 12);

  moves = catur_variant_legal_moves (variant, position);
  for (guint i = 0; i < moves->len && other == NULL; i++)
    {
      CaturMove move = g_array_index (moves, CaturMove, i);

      if ((move.flags & CATUR_MOVE_FLIP) != 0)
        continue;
      other = catur_net_message_new (CATUR_NET_MESSAGE_MOVE);
      other->ply = n + 1;
      other->text = catur_variant_format_move (variant, position, &move,
                                               catur_variant_get_coordinate_notation (variant));
    }
  if (other != NULL)
    expect_refused (wire, wire->host, other, CATUR_NET_ERROR_ILLEGAL_MOVE);
}

/* Banqi over the wire: the deal's rounds come after the hello, each flip is opened by both
 * sides' shares and played by both carrying the dealt piece, and at the end both end checks
 * pass. Flips carrying another piece than the deal's are refused, the game intact. */
static void
test_hidden_dealt (void)
{
  CaturVariant *variant = variant_or_skip ("banqi");
  g_autoptr(Wire) wire = wire_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (36);
  int host_checked = 0, guest_checked = 0;
  CaturNetSession *host;
  CaturNetSession *guest;
  CaturNetDeal *old_deal;
  CaturGame *rematch;
  guint flips = 0, refusals;

  if (variant == NULL)
    return;
  game = catur_net_play_new_game (variant, NULL);
  host = catur_net_session_new_host (game, CATUR_SIDE_FIRST, "Ana", &error);
  g_assert_no_error (error);
  guest = catur_net_session_new_guest (variant, NULL, CATUR_SIDE_NONE, "Budi", &error);
  g_assert_no_error (error);
  wire_attach (wire, host, guest);
  g_signal_connect (host, "deal-checked", G_CALLBACK (checked_cb), &host_checked);
  g_signal_connect (guest, "deal-checked", G_CALLBACK (checked_cb), &guest_checked);
  g_assert_true (catur_net_session_start (guest, &error));
  wire_pump (wire);
  g_assert_true (catur_net_deal_is_dealt (catur_net_session_get_deal (host)));
  g_assert_true (catur_net_deal_is_dealt (catur_net_session_get_deal (guest)));

  while (!catur_game_is_over (game))
    {
      CaturNetSession *side = mover (wire);
      CaturGame *side_game = catur_net_session_get_game (side);
      CaturMove move = pick_unplayed (variant, catur_game_get_position (side_game), rand);
      guint n = catur_game_get_n_plies (side_game);

      if ((move.flags & CATUR_MOVE_FLIP) != 0 && ++flips == 4 && side == guest)
        forge_flips (wire, &move);
      else
        {
          g_assert_true (catur_net_session_play_move (side, &move, &error));
          g_assert_no_error (error);
        }
      refusals = wire->refusals->len;
      wire_pump (wire);
      g_assert_cmpuint (wire->refusals->len, ==, refusals);
      g_assert_cmpuint (catur_game_get_n_plies (side_game), ==, n + 1);
      assert_in_step (wire);
    }
  g_assert_cmpuint (flips, >, 4);
  g_assert_cmpint (host_checked, ==, 1);
  g_assert_cmpint (guest_checked, ==, 1);
  g_assert_true (catur_net_deal_is_checked (catur_net_session_get_deal (host)));
  g_assert_true (catur_net_deal_is_checked (catur_net_session_get_deal (guest)));

  /* A rematch deals again: a new deal on both sides, its rounds after the answer, and the
   * new game played in step, its flips opened by the new deal. */
  old_deal = catur_net_session_get_deal (host);
  refusals = wire->refusals->len;
  g_assert_true (catur_net_session_ask_rematch (guest, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_true (catur_net_session_answer_rematch (host, TRUE, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_true (catur_net_session_get_deal (host) != old_deal);
  g_assert_true (catur_net_deal_is_dealt (catur_net_session_get_deal (host)));
  g_assert_true (catur_net_deal_is_dealt (catur_net_session_get_deal (guest)));
  g_assert_cmpint (catur_net_session_get_seat (host), ==, CATUR_SIDE_SECOND);
  rematch = catur_net_session_get_game (host);
  g_assert_true (rematch != game);
  g_assert_cmpuint (catur_game_get_n_plies (rematch), ==, 0);
  for (guint i = 0; i < 12 && !catur_game_is_over (rematch); i++)
    {
      CaturNetSession *side = mover (wire);
      CaturMove move = pick_unplayed (variant, catur_game_get_position (rematch), rand);

      g_assert_true (catur_net_session_play_move (side, &move, &error));
      g_assert_no_error (error);
      wire_pump (wire);
      g_assert_cmpuint (catur_game_get_n_plies (rematch), ==, i + 1);
      assert_in_step (wire);
    }
  g_assert_cmpuint (wire->refusals->len, ==, refusals);
}

/* The first legal flip in @position, and whether a move that is no flip is legal too. */
static gboolean
find_flip (CaturVariant        *variant,
           const CaturPosition *position,
           CaturMove           *flip,
           CaturMove           *other)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (variant, position);
  gboolean found_flip = FALSE, found_other = FALSE;

  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove move = g_array_index (moves, CaturMove, i);

      if ((move.flags & CATUR_MOVE_FLIP) != 0 && !found_flip)
        *flip = move, found_flip = TRUE;
      else if ((move.flags & CATUR_MOVE_FLIP) == 0 && !found_other)
        *other = move, found_other = TRUE;
    }
  return found_flip && found_other;
}

/* The guest asks a flip, the host answers, and the answer is lost in a drop: the host now
 * holds that card. Resumed with what the glue carries over (the deal and the flip asked), the
 * guest asks again and the flip is played on both sides; a guest that forgot it and moves
 * another piece is refused, as the host knows the card it owes. */
static void
hidden_resume (CaturVariant *variant,
               gboolean      told)
{
  g_autoptr(Wire) wire = wire_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturGame) guest_game = NULL;
  g_autoptr(CaturNetDeal) host_deal = NULL;
  g_autoptr(CaturNetDeal) guest_deal = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GBytes) share = NULL;
  CaturNetSession *host;
  CaturNetSession *guest;
  CaturMove flip, other;
  CaturSquare owed;
  guint n;

  game = catur_net_play_new_game (variant, NULL);
  host = catur_net_session_new_host (game, CATUR_SIDE_FIRST, "Ana", &error);
  guest = catur_net_session_new_guest (variant, NULL, CATUR_SIDE_NONE, "Budi", &error);
  g_assert_no_error (error);
  wire_attach (wire, host, guest);
  g_assert_true (catur_net_session_start (guest, &error));
  wire_pump (wire);
  for (guint i = 0; i < 300; i++)
    {
      CaturNetSession *side = mover (wire);
      const CaturPosition *position = catur_game_get_position (game);
      CaturMove move;

      g_assert_false (catur_game_is_over (game));
      if (side == guest && find_flip (variant, position, &flip, &other))
        break;
      move = pick_unplayed (variant, position, rand);
      g_assert_true (catur_net_session_play_move (side, &move, &error));
      g_assert_no_error (error);
      wire_pump (wire);
    }
  g_assert_true (mover (wire) == guest);
  n = catur_game_get_n_plies (game);

  g_assert_true (catur_net_session_play_move (guest, &flip, &error));
  g_assert_no_error (error);
  owed = catur_net_session_get_flip_asked (guest);
  g_assert_cmpuint (owed, ==, flip.from);
  share = g_queue_pop_head (&wire->to_host);
  g_assert_true (catur_net_session_receive (host, g_bytes_get_data (share, NULL),
                                            g_bytes_get_size (share), &error));
  g_assert_no_error (error);

  /* The drop: the host's answer never arrives. */
  host_deal = g_object_ref (catur_net_session_get_deal (host));
  guest_deal = g_object_ref (catur_net_session_get_deal (guest));
  guest_game = g_object_ref (catur_net_session_get_game (guest));
  wire_detach (wire);

  host = catur_net_session_new_host (game, CATUR_SIDE_FIRST, "Ana", &error);
  guest = catur_net_session_new_guest (variant, guest_game, CATUR_SIDE_SECOND, "Budi", &error);
  g_assert_no_error (error);
  catur_net_session_set_deal (host, host_deal);
  catur_net_session_set_deal (guest, guest_deal);
  if (told)
    catur_net_session_set_flip_asked (guest, owed);
  wire_attach (wire, host, guest);
  g_assert_true (catur_net_session_start (guest, &error));
  g_assert_no_error (error);
  if (told)
    {
      wire_pump (wire);
      g_assert_cmpuint (catur_game_get_n_plies (game), ==, n + 1);
      g_assert_cmpuint (catur_game_get_n_plies (guest_game), ==, n + 1);
      assert_in_step (wire);
      g_assert_cmpuint (catur_net_session_get_flip_asked (guest), ==, CATUR_SQUARE_NONE);
      g_assert_cmpuint (wire->refusals->len, ==, 0);
      return;
    }
  g_assert_cmpuint (catur_net_session_get_flip_asked (guest), ==, CATUR_SQUARE_NONE);
  wire_pump (wire);
  g_assert_true (catur_net_session_play_move (guest, &other, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GBytes) move = g_queue_pop_head (&wire->to_host);

    g_assert_false (catur_net_session_receive (host, g_bytes_get_data (move, NULL),
                                               g_bytes_get_size (move), &error));
    g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_ILLEGAL_MOVE);
  }
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, n);
}

static void
test_hidden_resume (void)
{
  CaturVariant *variant = variant_or_skip ("banqi");

  if (variant == NULL)
    return;
  hidden_resume (variant, TRUE);
  hidden_resume (variant, FALSE);
}

static void
count_log_cb (const char     *domain,
              GLogLevelFlags  level,
              const char     *message,
              gpointer        data)
{
  guint *count = data;

  if (g_str_has_prefix (message, "Refused a message"))
    (*count)++;
}

static void
test_refusals (void)
{
  CaturVariant *variant = variant_or_skip ("xiangqi");
  g_autoptr(Wire) wire = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) replay = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  g_autoptr(CaturNetMessage) move = catur_net_message_new (CATUR_NET_MESSAGE_MOVE);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree guint8 *oversized = g_malloc (CATUR_NET_MESSAGE_MAX + 16);
  const char *illegal[] = { "a9a2", "e9e7", "zz", "H2+3", "h7h0" };
  CaturGame *guest_game;
  guint logged = 0;
  guint handler;

  if (variant == NULL)
    return;
  wire = connect_new (variant, NULL);
  guest_game = catur_net_session_get_game (wire->guest);
  g_assert_true (catur_net_session_play_text (wire->host, "h2e2", &error));
  g_assert_no_error (error);
  /* A copy of the move's bytes, to play them again later. */
  replay = g_bytes_ref (g_queue_peek_head (&wire->to_guest));
  wire_pump (wire);

  /* Out of turn: the host plays again. */
  move->ply = 2;
  move->text = g_strdup ("b2e2");
  expect_refused (wire, wire->guest, move, CATUR_NET_ERROR_OUT_OF_TURN);
  g_assert_true (catur_net_session_play_text (wire->guest, "h9g7", &error));
  wire_pump (wire);
  /* A wrong ply; the guest moving while the host is to move. */
  move->ply = 7;
  g_free (move->text);
  move->text = g_strdup ("b0c2");
  expect_refused (wire, wire->host, move, CATUR_NET_ERROR_WRONG_PLY);
  move->ply = 3;
  expect_refused (wire, wire->host, move, CATUR_NET_ERROR_OUT_OF_TURN);
  g_assert_true (catur_net_session_play_text (wire->host, "b0c2", &error));
  g_assert_no_error (error);
  wire_pump (wire);
  before = game_text (guest_game);

  /* Illegal moves, a move that does not read, a legal move not in coordinates. */
  move->ply = 4;
  for (guint i = 0; i < G_N_ELEMENTS (illegal); i++)
    {
      g_free (move->text);
      move->text = g_strdup (illegal[i]);
      expect_refused (wire, wire->host, move, CATUR_NET_ERROR_ILLEGAL_MOVE);
    }
  /* Answers to no question, a clock from the guest, a second hello. */
  {
    g_autoptr(CaturNetMessage) answer = catur_net_message_new (CATUR_NET_MESSAGE_TAKEBACK_ANSWER);
    g_autoptr(CaturNetMessage) clock = catur_net_message_new (CATUR_NET_MESSAGE_CLOCK);
    g_autoptr(CaturNetMessage) hello = catur_net_message_new (CATUR_NET_MESSAGE_HELLO);

    answer->ply = 3;
    answer->accept = TRUE;
    expect_refused (wire, wire->host, answer, CATUR_NET_ERROR_UNEXPECTED);
    clock->ply = 3;
    expect_refused (wire, wire->host, clock, CATUR_NET_ERROR_UNEXPECTED);
    hello->app_version = g_strdup ("9");
    hello->game_id = g_strdup ("xiangqi");
    hello->options = g_strdup ("");
    hello->name = g_strdup ("Eve");
    expect_refused (wire, wire->host, hello, CATUR_NET_ERROR_UNEXPECTED);
  }

  /* To the guest: a replayed move, malformed bytes, an oversized chat, an oversized frame. */
  {
    const guint8 version2[] = { 2, CATUR_NET_MESSAGE_PING, 0, 0, 0, 9, 0, 0, 0, 1 };
    const guint8 unknown[] = { 1, 99, 0, 0, 0, 9 };
    const guint8 bad_utf8[] = { 1, CATUR_NET_MESSAGE_CHAT, 0, 0, 0, 9, 0, 2, 0xc3, 0x28 };
    const guint8 trailing[] = { 1, CATUR_NET_MESSAGE_PING, 0, 0, 0, 9, 0, 0, 0, 1, 0 };
    const guint8 head[] = { 1, CATUR_NET_MESSAGE_CHAT, 0, 0, 0, 9, 0x02, 0x01 };
    g_autoptr(GByteArray) chat = g_byte_array_new ();
    g_autofree char *long_line = g_strnfill (CATUR_NET_CHAT_MAX + 1, 'a');

    expect_bytes_refused (wire->guest, g_bytes_get_data (replay, NULL),
                          g_bytes_get_size (replay), CATUR_NET_ERROR_REPLAYED);
    expect_bytes_refused (wire->guest, version2, sizeof version2, CATUR_NET_ERROR_VERSION);
    expect_bytes_refused (wire->guest, unknown, sizeof unknown, CATUR_NET_ERROR_UNKNOWN_TYPE);
    expect_bytes_refused (wire->guest, bad_utf8, sizeof bad_utf8, CATUR_NET_ERROR_TEXT);
    expect_bytes_refused (wire->guest, trailing, sizeof trailing, CATUR_NET_ERROR_MALFORMED);
    expect_bytes_refused (wire->guest, trailing, 7, CATUR_NET_ERROR_MALFORMED);
    expect_bytes_refused (wire->guest, NULL, 0, CATUR_NET_ERROR_MALFORMED);
    /* 513 bytes of chat, its length said truly. */
    g_byte_array_append (chat, head, sizeof head);
    for (guint i = 0; i < 513; i++)
      g_byte_array_append (chat, (const guint8 *) "a", 1);
    expect_bytes_refused (wire->guest, chat->data, chat->len, CATUR_NET_ERROR_TOO_LONG);
    memset (oversized, 'x', CATUR_NET_MESSAGE_MAX + 16);
    memcpy (oversized, head, sizeof head);
    expect_bytes_refused (wire->guest, oversized, CATUR_NET_MESSAGE_MAX + 16,
                          CATUR_NET_ERROR_TOO_LONG);
    /* The sender refuses to send what the reader would refuse. */
    g_assert_false (catur_net_session_chat (wire->host, long_line, &error));
    g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_TOO_LONG);
    g_clear_error (&error);
    g_assert_false (catur_net_session_chat (wire->host, "bell\a", &error));
    g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_TEXT);
    g_clear_error (&error);
  }
  /* Random bytes, half of them with a version and type that read, so that the fields are
   * tried: each refused (a sequence number that fits is one in 2^32), none crashes. */
  handler = g_log_set_handler ("catur-net", G_LOG_LEVEL_MESSAGE, count_log_cb, &logged);
  for (guint i = 0; i < 5000; i++)
    {
      guint8 noise[64];
      guint length = g_rand_int_range (rand, 0, sizeof noise);
      g_autoptr(GError) noise_error = NULL;

      for (guint j = 0; j < length; j++)
        noise[j] = g_rand_int_range (rand, 0, 256);
      if (length >= 2 && g_rand_boolean (rand))
        {
          noise[0] = 1;
          noise[1] = g_rand_int_range (rand, 1, CATUR_NET_N_TYPES);
        }
      g_assert_false (catur_net_session_receive (wire->guest, noise, length, &noise_error));
      g_assert_nonnull (noise_error);
    }
  g_log_remove_handler ("catur-net", handler);
  /* Each refusal is in the log. */
  g_assert_cmpuint (logged, ==, 5000);

  /* Whatever came, the game is as it was, and the real peer is still heard. */
  after = game_text (guest_game);
  g_assert_cmpstr (before, ==, after);
  assert_in_step (wire);
  g_assert_cmpint (catur_net_session_get_state (wire->guest), ==, CATUR_NET_STATE_PLAYING);
  g_assert_true (catur_net_session_play_text (wire->guest, "b9c7", &error));
  g_assert_no_error (error);
  wire_pump (wire);
  assert_in_step (wire);
}

/* A hello for another game, or another seat, is turned away with a refusal the joiner reads. */
static void
test_hello_refused (void)
{
  CaturVariant *xiangqi = variant_or_skip ("xiangqi");
  CaturVariant *chess = catur_plugins_find_variant ("chess");
  g_autoptr(Wire) wire = wire_new ();
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) hello = NULL;
  CaturNetSession *host;
  CaturNetSession *guest;

  if (xiangqi == NULL || chess == NULL)
    return;
  game = catur_game_new (xiangqi, NULL);
  host = catur_net_session_new_host (game, CATUR_SIDE_FIRST, "Ana", &error);
  guest = catur_net_session_new_guest (chess, NULL, CATUR_SIDE_NONE, "Budi", &error);
  g_assert_no_error (error);
  wire_attach (wire, host, guest);
  g_assert_true (catur_net_session_start (guest, &error));
  hello = g_queue_pop_head (&wire->to_host);
  /* A move before any hello has no place. */
  {
    g_autoptr(CaturNetMessage) move = catur_net_message_new (CATUR_NET_MESSAGE_MOVE);

    move->ply = 1;
    move->text = g_strdup ("h2e2");
    expect_refused (wire, host, move, CATUR_NET_ERROR_UNEXPECTED);
    g_assert_cmpint (catur_net_session_get_state (host), ==, CATUR_NET_STATE_CONNECTING);
    g_clear_pointer (&hello, g_bytes_unref);
  }
  /* That move took number 1: the guest's hello comes again as number 2. */
  {
    g_autoptr(CaturNetMessage) again = catur_net_message_new (CATUR_NET_MESSAGE_HELLO);

    again->app_version = g_strdup ("0.1.0");
    again->game_id = g_strdup ("chess");
    again->options = g_strdup ("");
    again->name = g_strdup ("Budi");
    again->seq = 2;
    hello = catur_net_message_encode (again, &error);
    g_assert_no_error (error);
  }
  g_assert_false (catur_net_session_receive (host, g_bytes_get_data (hello, NULL),
                                             g_bytes_get_size (hello), &error));
  g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_GAME_MISMATCH);
  wire_pump (wire);
  g_assert_cmpint (catur_net_session_get_state (guest), ==, CATUR_NET_STATE_CLOSED);
  g_assert_null (catur_net_session_get_game (guest));
}

/* A joiner of a later version, or one asking for the host's seat, is told so, and goes. */
static void
test_hello_version_and_seat (void)
{
  CaturVariant *variant = variant_or_skip ("xiangqi");
  g_autoptr(GError) error = NULL;

  if (variant == NULL)
    return;
  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(Wire) wire = wire_new ();
      g_autoptr(CaturGame) game = catur_game_new (variant, NULL);
      g_autoptr(GBytes) hello = NULL;
      g_autofree guint8 *data = NULL;
      CaturNetSession *host;
      CaturNetSession *guest;
      guint closed = 0;
      gsize size;
      gint expected = round == 0 ? CATUR_NET_ERROR_VERSION : CATUR_NET_ERROR_GAME_MISMATCH;

      host = catur_net_session_new_host (game, CATUR_SIDE_FIRST, "Ana", &error);
      guest = catur_net_session_new_guest (variant, NULL, round == 0 ? CATUR_SIDE_NONE
                                                                      : CATUR_SIDE_FIRST,
                                           "Budi", &error);
      g_assert_no_error (error);
      wire_attach (wire, host, guest);
      g_signal_connect (guest, "closed", G_CALLBACK (closed_cb), &closed);
      g_assert_true (catur_net_session_start (guest, &error));
      hello = g_queue_pop_head (&wire->to_host);
      data = g_memdup2 (g_bytes_get_data (hello, &size), g_bytes_get_size (hello));
      if (round == 0)
        data[0] = 2;
      g_assert_false (catur_net_session_receive (host, data, size, &error));
      g_assert_error (error, CATUR_NET_ERROR, expected);
      g_clear_error (&error);
      wire_pump (wire);
      g_assert_cmpuint (closed, ==, 100 + (round == 0 ? CATUR_NET_REFUSAL_VERSION
                                                      : CATUR_NET_REFUSAL_SEAT));
      g_assert_cmpint (catur_net_session_get_state (host), ==, CATUR_NET_STATE_CLOSED);
      g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
    }
}

/* The host's clock readings reach the guest, and so does a time-out. */
/* Whether ply @ply (from 1) of @game was played by the clock. */
static gboolean
timed_out_at (CaturGame *game,
              guint      ply)
{
  g_autoptr(CaturGameMove) item = g_list_model_get_item (catur_game_get_moves (game), ply - 1);

  return catur_game_move_get_timed_out (item);
}

/* The moves both games say the clock played, as a text of ply numbers. */
static char *
timed_out_plies (CaturGame *game)
{
  GString *out = g_string_new (NULL);

  for (guint ply = 1; ply <= catur_game_get_n_plies (game); ply++)
    if (timed_out_at (game, ply))
      g_string_append_printf (out, "%u ", ply);
  return g_string_free (out, FALSE);
}

/* Both clocks run as in a live game, and the side to move spends more than all but the last
 * two seconds of its 3-second move time (the receiver's grace): its time ran out. */
static void
run_out (Wire *wire)
{
  catur_game_set_clock_live (catur_net_session_get_game (wire->host), TRUE);
  catur_game_set_clock_live (catur_net_session_get_game (wire->guest), TRUE);
  g_usleep (1200 * G_USEC_PER_SEC / 1000);
}

/* A forced MOVE of @text for the side to move, crafted for @receiver. */
static void
expect_forced_refused (Wire            *wire,
                       CaturNetSession *receiver,
                       const char      *text,
                       gint             code)
{
  g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_MOVE);
  CaturGame *game = catur_net_session_get_game (receiver);
  guint n = catur_game_get_n_plies (game);

  message->ply = n + 1;
  message->text = g_strdup (text);
  message->forced = TRUE;
  expect_refused (wire, receiver, message, code);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, n);
}

static void
expect_time_out_loss_refused (Wire            *wire,
                              CaturNetSession *receiver,
                              gint             code)
{
  g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_RESIGN);
  CaturGame *game = catur_net_session_get_game (receiver);

  message->ply = catur_game_get_n_plies (game);
  message->ending = CATUR_NET_ENDING_TIME_OUT;
  expect_refused (wire, receiver, message, code);
  g_assert_false (catur_game_is_over (game));
}

static void
test_clock (void)
{
  CaturVariant *variant = variant_or_skip ("xiangqi");
  g_autoptr(Wire) wire = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE_VARDICT);
  g_autoptr(GVariant) options = NULL;
  CaturGame *host_game;
  CaturGame *guest_game;

  if (variant == NULL)
    return;
  g_variant_builder_add (builder, "{sv}", CATUR_OPTION_CLOCK, g_variant_new_string ("300+5"));
  options = g_variant_ref_sink (g_variant_builder_end (builder));
  wire = connect_new (variant, options);
  host_game = catur_net_session_get_game (wire->host);
  guest_game = catur_net_session_get_game (wire->guest);
  g_assert_true (g_variant_equal (catur_game_get_options (guest_game), options));
  catur_clock_set_state (catur_game_get_clock (host_game), CATUR_SIDE_FIRST, 123456, 0);
  catur_clock_set_state (catur_game_get_clock (host_game), CATUR_SIDE_SECOND, 234567, 0);
  g_assert_true (catur_net_session_send_clock (wire->host, &error));
  g_assert_no_error (error);
  g_assert_false (catur_net_session_send_clock (wire->guest, &error));
  g_clear_error (&error);
  wire_pump (wire);
  g_assert_cmpint (catur_clock_get_main (catur_game_get_clock (guest_game), CATUR_SIDE_FIRST),
                   ==, 123456);
  g_assert_cmpint (catur_clock_get_main (catur_game_get_clock (guest_game), CATUR_SIDE_SECOND),
                   ==, 234567);
  g_assert_true (catur_net_session_play_text (wire->host, "h2e2", &error));
  wire_pump (wire);
  /* A game clock has no move played by the clock, nor a loss by running out of a move's
   * time: both are refused. */
  expect_forced_refused (wire, wire->host, "h9g7", CATUR_NET_ERROR_NOT_ALLOWED);
  expect_time_out_loss_refused (wire, wire->host, CATUR_NET_ERROR_NOT_ALLOWED);
  /* The guest's own clock runs out: its game waits for the host's word. */
  catur_clock_set_state (catur_game_get_clock (guest_game), CATUR_SIDE_SECOND, 30, 0);
  catur_game_set_clock_live (guest_game, TRUE);
  {
    gint64 until = g_get_monotonic_time () + 300 * 1000;

    while (g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_cmpint (catur_clock_get_remaining (catur_game_get_clock (guest_game),
                                              CATUR_SIDE_SECOND), ==, 0);
  g_assert_false (catur_game_is_over (guest_game));
  /* The guest, to move, runs out of time on the host's clock. */
  g_assert_true (catur_game_time_out (host_game));
  wire_pump (wire);
  g_assert_true (catur_game_is_over (guest_game));
  g_assert_cmpint (catur_game_get_outcome (host_game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_game_get_outcome (guest_game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_game_get_outcome (guest_game)->winner, ==, CATUR_SIDE_FIRST);
  assert_in_step (wire);
  {
    g_autoptr(CaturRecord) host_record = catur_record_new_from_game (host_game);
    g_autoptr(CaturRecord) guest_record = catur_record_new_from_game (guest_game);
    g_autofree char *host_ending = catur_outcome_format_ending (
      variant, catur_record_get_outcome (host_record));
    g_autofree char *guest_ending = catur_outcome_format_ending (
      variant, catur_record_get_outcome (guest_record));

    g_assert_cmpstr (host_ending, ==, "time-out:black");
    g_assert_cmpstr (guest_ending, ==, host_ending);
  }
}

/* A legal move in @position that is no flip and not @move, in coordinates, or %NULL. */
static char *
other_step (CaturVariant        *variant,
            const CaturPosition *position,
            const CaturMove     *move)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (variant, position);
  g_autofree char *clock_move = catur_variant_format_move (
    variant, position, move, catur_variant_get_coordinate_notation (variant));

  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove *legal = &g_array_index (moves, CaturMove, i);
      g_autofree char *text = NULL;

      if ((legal->flags & CATUR_MOVE_FLIP) != 0)
        continue;
      text = catur_variant_format_move (variant, position, legal,
                                        catur_variant_get_coordinate_notation (variant));
      if (g_strcmp0 (text, clock_move) != 0)
        return g_steal_pointer (&text);
    }
  return NULL;
}

/* Banqi with a 3-second time a move, over the wire: a time-out plays the rules' move for the
 * player, by that player's own program (a flip through the deal, a capture), marked in both
 * records; forged time-outs are refused (another move than the rules', a move or a loss
 * before the time ran out on the receiver's clock, a loss where the rules play a move); and
 * the second time-out in a row loses on both sides alike, by the rules' time-out. */
static void
test_banqi_time_out (void)
{
  CaturVariant *variant = variant_or_skip ("banqi");
  g_autoptr(Wire) wire = wire_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (30);
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE_VARDICT);
  g_autoptr(GVariant) options = NULL;
  g_autofree char *host_plies = NULL;
  g_autofree char *guest_plies = NULL;
  CaturGame *guest_game;
  CaturNetSession *host;
  CaturNetSession *guest;
  CaturNetSession *side = NULL;
  CaturSide loser;
  CaturMove move;
  guint n;

  if (variant == NULL)
    return;
  g_variant_builder_add (builder, "{sv}", CATUR_OPTION_CLOCK, g_variant_new_string ("1/3"));
  options = g_variant_ref_sink (g_variant_builder_end (builder));
  game = catur_net_play_new_game (variant, options);
  host = catur_net_session_new_host (game, CATUR_SIDE_FIRST, "Ana", &error);
  guest = catur_net_session_new_guest (variant, NULL, CATUR_SIDE_NONE, "Budi", &error);
  g_assert_no_error (error);
  wire_attach (wire, host, guest);
  g_assert_true (catur_net_session_start (guest, &error));
  wire_pump (wire);
  guest_game = catur_net_session_get_game (guest);
  g_assert_cmpint (catur_clock_get_control (catur_game_get_clock (guest_game))->kind, ==,
                   CATUR_CLOCK_PER_MOVE);

  /* The host moves; the guest's time runs out on its first move: the rules flip a piece for
   * it, which the deal opens like any flip. */
  move = pick_unplayed (variant, catur_game_get_position (game), rand);
  g_assert_true (catur_net_session_play_move (host, &move, &error));
  wire_pump (wire);
  g_assert_true (catur_game_get_time_out_move (game, 1, &move));
  g_assert_true (move.flags & CATUR_MOVE_FLIP);
  /* Not yet out of time on the host's clock: the guest's program is refused the clock's
   * move (its share is answered, the move is not). */
  g_assert_true (catur_net_session_time_out (guest, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GBytes) share = g_queue_pop_head (&wire->to_host);
    g_autoptr(GBytes) answer = NULL;
    g_autoptr(GBytes) forced = NULL;

    g_assert_true (catur_net_session_receive (host, g_bytes_get_data (share, NULL),
                                              g_bytes_get_size (share), &error));
    g_assert_no_error (error);
    answer = g_queue_pop_head (&wire->to_guest);
    g_assert_true (catur_net_session_receive (guest, g_bytes_get_data (answer, NULL),
                                              g_bytes_get_size (answer), &error));
    g_assert_no_error (error);
    g_assert_cmpuint (catur_game_get_n_plies (guest_game), ==, 2);
    g_assert_true (timed_out_at (guest_game, 2));
    forced = g_queue_pop_head (&wire->to_host);
    g_assert_false (catur_net_session_receive (host, g_bytes_get_data (forced, NULL),
                                               g_bytes_get_size (forced), &error));
    g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_NOT_ALLOWED);
    g_clear_error (&error);
    g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  }
  wire_detach (wire);
  g_clear_object (&game);

  /* Again, with the time run out. */
  game = catur_net_play_new_game (variant, options);
  host = catur_net_session_new_host (game, CATUR_SIDE_FIRST, "Ana", &error);
  guest = catur_net_session_new_guest (variant, NULL, CATUR_SIDE_NONE, "Budi", &error);
  g_assert_no_error (error);
  wire_attach (wire, host, guest);
  g_assert_true (catur_net_session_start (guest, &error));
  wire_pump (wire);
  guest_game = catur_net_session_get_game (guest);
  move = pick_unplayed (variant, catur_game_get_position (game), rand);
  g_assert_true (catur_net_session_play_move (host, &move, &error));
  wire_pump (wire);
  run_out (wire);
  g_assert_true (catur_net_session_time_out (guest, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_true (timed_out_at (game, 2));
  g_assert_true (timed_out_at (guest_game, 2));
  assert_in_step (wire);

  /* On to a position where the time-out of the side to move is a capture, each side playing
   * in time (the clocks stopped: a fresh move time). */
  catur_game_set_clock_live (game, FALSE);
  catur_game_set_clock_live (guest_game, FALSE);
  for (guint i = 0; i < 400 && side == NULL; i++)
    {
      CaturNetSession *to_move = mover (wire);

      g_assert_false (catur_game_is_over (game));
      if (catur_game_get_time_outs (game, catur_game_get_side_to_move (game)) == 0
          && catur_game_get_time_out_move (game, 1, &move)
          && (move.flags & CATUR_MOVE_FLIP) == 0)
        {
          g_autofree char *other = other_step (variant, catur_game_get_position (game), &move);

          if (other != NULL)
            {
              side = to_move;
              break;
            }
        }
      move = pick_unplayed (variant, catur_game_get_position (game), rand);
      g_assert_true (catur_net_session_play_move (to_move, &move, &error));
      g_assert_no_error (error);
      wire_pump (wire);
    }
  g_assert_nonnull (side);
  loser = catur_net_session_get_seat (side);
  {
    CaturNetSession *receiver = side == host ? guest : host;
    CaturGame *receiver_game = catur_net_session_get_game (receiver);
    const CaturPosition *position = catur_game_get_position (receiver_game);
    g_autofree char *clock_move = catur_variant_format_move (
      variant, position, &move, catur_variant_get_coordinate_notation (variant));
    g_autofree char *other = other_step (variant, position, &move);
    /* In time: the clock's own move, said to be the clock's, and a loss on time. */
    expect_forced_refused (wire, receiver, clock_move, CATUR_NET_ERROR_NOT_ALLOWED);
    expect_time_out_loss_refused (wire, receiver, CATUR_NET_ERROR_NOT_ALLOWED);
    run_out (wire);
    /* Out of time: another move than the rules', and a loss where the rules play a move. */
    expect_forced_refused (wire, receiver, other, CATUR_NET_ERROR_ILLEGAL_MOVE);
    expect_time_out_loss_refused (wire, receiver, CATUR_NET_ERROR_NOT_ALLOWED);
    n = catur_game_get_n_plies (game);
    g_assert_true (catur_net_session_time_out (side, &error));
    g_assert_no_error (error);
    wire_pump (wire);
    g_assert_cmpuint (catur_game_get_n_plies (game), ==, n + 1);
    g_assert_true (timed_out_at (game, n + 1));
    g_assert_true (timed_out_at (guest_game, n + 1));
    assert_in_step (wire);
  }

  /* The other side moves in time (none after a capture that goes on, in a chain); the same
   * side runs out again: it loses, on both sides. */
  catur_game_set_clock_live (game, FALSE);
  catur_game_set_clock_live (guest_game, FALSE);
  while (!catur_game_is_over (game) && mover (wire) != side)
    {
      move = pick_unplayed (variant, catur_game_get_position (game), rand);
      g_assert_true (catur_net_session_play_move (mover (wire), &move, &error));
      g_assert_no_error (error);
      wire_pump (wire);
    }
  g_assert_false (catur_game_is_over (game));
  expect_time_out_loss_refused (wire, side == host ? guest : host, CATUR_NET_ERROR_NOT_ALLOWED);
  run_out (wire);
  g_assert_true (catur_net_session_time_out (side, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_true (catur_game_is_over (game));
  g_assert_true (catur_game_is_over (guest_game));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, catur_side_other (loser));
  assert_in_step (wire);
  host_plies = timed_out_plies (game);
  guest_plies = timed_out_plies (guest_game);
  g_assert_cmpstr (host_plies, ==, guest_plies);
}

static void
chat_cb (CaturNetSession *session,
         const char      *text,
         GString         *heard)
{
  g_string_append (heard, text);
}

static void
deal_cb (CaturNetSession *session,
         GBytes          *payload,
         GBytes         **out)
{
  *out = g_bytes_ref (payload);
}

/* Chat, a deal's bytes, a ping, and a player leaving. */
static void
test_chat_deal_leave (void)
{
  CaturVariant *variant = variant_or_skip ("shogi");
  g_autoptr(Wire) wire = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) heard = g_string_new (NULL);
  g_autoptr(GBytes) payload = NULL;
  g_autoptr(GBytes) received = NULL;
  g_autofree guint8 *data = g_malloc (40000);
  guint closed = 0;
  gint64 round_trip = -1;

  if (variant == NULL)
    return;
  wire = connect_new (variant, NULL);
  g_signal_connect (wire->host, "chat", G_CALLBACK (chat_cb), heard);
  g_signal_connect (wire->host, "deal", G_CALLBACK (deal_cb), &received);
  g_signal_connect (wire->host, "closed", G_CALLBACK (closed_cb), &closed);
  g_signal_connect (wire->host, "pong", G_CALLBACK (pong_cb), &round_trip);
  g_assert_true (catur_net_session_chat (wire->guest, "Selamat main! 将棋", &error));
  for (guint i = 0; i < 40000; i++)
    data[i] = i * 7;
  payload = g_bytes_new (data, 40000);
  g_assert_true (catur_net_session_send_deal (wire->guest, payload, &error));
  g_assert_true (catur_net_session_ping (wire->host, &error));
  g_assert_no_error (error);
  wire_pump (wire);
  g_assert_cmpstr (heard->str, ==, "Selamat main! 将棋");
  g_assert_true (g_bytes_equal (payload, received));
  g_assert_cmpint (round_trip, >=, 0);
  g_test_message ("a ping's round trip through two sessions: %" G_GINT64_FORMAT " us", round_trip);
  g_assert_true (catur_net_session_leave (wire->guest, &error));
  wire_pump (wire);
  g_assert_cmpuint (closed, ==, 100);
  g_assert_cmpint (catur_net_session_get_state (wire->host), ==, CATUR_NET_STATE_CLOSED);
  g_assert_false (catur_net_session_chat (wire->host, "still there?", &error));
  g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_CLOSED);
}

/* Every type encodes and reads back as it was; the time it takes. */
static void
test_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  gint64 start;
  guint n = 20000;

  for (CaturNetMessageType type = CATUR_NET_MESSAGE_HELLO; type <= CATUR_NET_MESSAGE_PONG; type++)
    {
      g_autoptr(CaturNetMessage) message = catur_net_message_new (type);
      g_autoptr(CaturNetMessage) back = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GBytes) again = NULL;

      message->seq = 0x01020304 + type;
      message->app_version = g_strdup ("0.1.0");
      message->game_id = g_strdup ("xiangqi");
      message->options = g_strdup ("{'clock': <'600+5'>}");
      message->name = g_strdup ("Siti Nurhaliza");
      message->seat = CATUR_SIDE_SECOND;
      message->ply = 0x7fff0001;
      message->digest[5] = 42;
      message->reason = CATUR_NET_REFUSAL_RECORD;
      message->text = g_strdup (type == CATUR_NET_MESSAGE_MOVE ? "h2e2" : "ÀÉ");
      message->accept = TRUE;
      message->clock_ms[1] = 99999;
      message->periods[0] = 3;
      message->timed_out = CATUR_SIDE_FIRST;
      message->token = 77;
      message->forced = TRUE;
      message->ending = CATUR_NET_ENDING_TIME_OUT;
      message->payload = g_bytes_new_static ("\0\1\2", 3);
      bytes = catur_net_message_encode (message, &error);
      g_assert_no_error (error);
      back = catur_net_message_decode (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                       &error);
      g_assert_no_error (error);
      g_assert_cmpint (back->type, ==, type);
      g_assert_cmpuint (back->seq, ==, message->seq);
      again = catur_net_message_encode (back, &error);
      g_assert_true (g_bytes_equal (bytes, again));
      switch (type)
        {
        case CATUR_NET_MESSAGE_HELLO:
        case CATUR_NET_MESSAGE_WELCOME:
          g_assert_cmpstr (back->app_version, ==, "0.1.0");
          g_assert_cmpstr (back->game_id, ==, "xiangqi");
          g_assert_cmpstr (back->options, ==, message->options);
          g_assert_cmpstr (back->name, ==, "Siti Nurhaliza");
          g_assert_cmpint (back->seat, ==, CATUR_SIDE_SECOND);
          g_assert_cmpuint (back->ply, ==, 0x7fff0001);
          g_assert_cmpmem (back->digest, CATUR_NET_DIGEST_SIZE, message->digest,
                           CATUR_NET_DIGEST_SIZE);
          break;
        case CATUR_NET_MESSAGE_CLOCK:
          g_assert_cmpuint (back->ply, ==, 0x7fff0001);
          g_assert_cmpuint (back->clock_ms[0], ==, 0);
          g_assert_cmpuint (back->clock_ms[1], ==, 99999);
          g_assert_cmpuint (back->periods[0], ==, 3);
          g_assert_cmpint (back->timed_out, ==, CATUR_SIDE_FIRST);
          break;
        case CATUR_NET_MESSAGE_REFUSE:
          g_assert_cmpuint (back->reason, ==, CATUR_NET_REFUSAL_RECORD);
          g_assert_cmpstr (back->text, ==, "ÀÉ");
          break;
        case CATUR_NET_MESSAGE_MOVE:
          g_assert_cmpstr (back->text, ==, "h2e2");
          g_assert_true (back->forced);
          break;
        case CATUR_NET_MESSAGE_RESIGN:
          g_assert_cmpuint (back->ending, ==, CATUR_NET_ENDING_TIME_OUT);
          break;
        case CATUR_NET_MESSAGE_DEAL:
          g_assert_true (g_bytes_equal (back->payload, message->payload));
          break;
        case CATUR_NET_MESSAGE_PING:
        case CATUR_NET_MESSAGE_PONG:
          g_assert_cmpuint (back->token, ==, 77);
          break;
        default:
          break;
        }
    }

  /* The last byte of a MOVE is its "played by the clock" flag, of a RESIGN its ending: a
   * value out of range is no message. */
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(CaturNetMessage) message = catur_net_message_new (
        i == 0 ? CATUR_NET_MESSAGE_MOVE : CATUR_NET_MESSAGE_RESIGN);
      g_autoptr(CaturNetMessage) back = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autofree guint8 *data = NULL;
      gsize size;

      message->seq = 1;
      message->text = g_strdup ("h2e2");
      bytes = catur_net_message_encode (message, &error);
      g_assert_no_error (error);
      data = g_bytes_unref_to_data (g_steal_pointer (&bytes), &size);
      g_assert_cmpuint (data[size - 1], ==, i == 0 ? 0 : CATUR_NET_ENDING_RESIGN);
      data[size - 1] = i == 0 ? 2 : i == 1 ? 0 : CATUR_NET_ENDING_LAST + 1;
      back = catur_net_message_decode (data, size, &error);
      g_assert_null (back);
      g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED);
      g_clear_error (&error);
      message->ending = 0;
      if (i == 1)
        {
          g_assert_null (catur_net_message_encode (message, &error));
          g_assert_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED);
          g_clear_error (&error);
        }
    }

  start = g_get_monotonic_time ();
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_MOVE);
      g_autoptr(CaturNetMessage) back = NULL;
      g_autoptr(GBytes) bytes = NULL;

      message->seq = i + 1;
      message->ply = i + 1;
      message->text = g_strdup ("h2e2");
      bytes = catur_net_message_encode (message, NULL);
      back = catur_net_message_decode (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                       NULL);
      g_assert_cmpstr (back->text, ==, "h2e2");
    }
  g_test_message ("a MOVE encoded and read in %.2f us",
                  (double) (g_get_monotonic_time () - start) / n);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/net-wire/round-trip", test_round_trip);
  g_test_add_data_func ("/net-wire/whole-game/xiangqi", "xiangqi", test_whole_game);
  g_test_add_data_func ("/net-wire/whole-game/chess", "chess", test_whole_game);
  g_test_add_data_func ("/net-wire/whole-game/shogi", "shogi", test_whole_game);
  g_test_add_func ("/net-wire/take-back", test_take_back);
  g_test_add_func ("/net-wire/take-back-lapses", test_take_back_lapses);
  g_test_add_func ("/net-wire/draw-and-resign", test_draw_and_resign);
  g_test_add_func ("/net-wire/rematch", test_rematch);
  g_test_add_func ("/net-wire/resume", test_resume);
  g_test_add_func ("/net-wire/resume-other-record", test_resume_other_record);
  g_test_add_func ("/net-wire/refusals", test_refusals);
  g_test_add_func ("/net-wire/hello-refused", test_hello_refused);
  g_test_add_func ("/net-wire/hello-version-and-seat", test_hello_version_and_seat);
  g_test_add_func ("/net-wire/hidden-dealt", test_hidden_dealt);
  g_test_add_func ("/net-wire/hidden-resume", test_hidden_resume);
  g_test_add_func ("/net-wire/clock", test_clock);
  g_test_add_func ("/net-wire/banqi-time-out", test_banqi_time_out);
  g_test_add_func ("/net-wire/chat-deal-leave", test_chat_deal_leave);

  return g_test_run ();
}
