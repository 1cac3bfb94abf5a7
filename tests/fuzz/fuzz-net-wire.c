/* fuzz-net-wire.c: libFuzzer target for the network protocol's reader (catur_net_message_decode)
 * and a host's session fed what it reads, over the real Xiangqi plugin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is a run of frames, each a 2-byte big-endian length and its bytes. Each frame is
 * read on its own: a message that reads must write back to the same bytes (one message, one
 * encoding). Then the frames go to a host's session, as its guest's next messages (their
 * sequence numbers made the expected ones, so that the checks behind them are reached): a
 * refused message must leave the game as it was, and whatever the session sends must read.
 */
#include "config.h"

#include "fuzz-common.h"

static char *
game_text (CaturGame *game)
{
  CaturVariant *variant = catur_game_get_variant (game);
  g_autofree char *fen = catur_variant_format (variant, catur_game_get_position (game));

  return g_strdup_printf ("%u %s %d %d", catur_game_get_n_plies (game), fen,
                          catur_game_is_over (game), catur_game_get_draw_offer (game));
}

static void
sent_cb (CaturNetSession *session,
         GBytes          *bytes,
         gpointer         data)
{
  g_autoptr(CaturNetMessage) message = NULL;
  g_autoptr(GError) error = NULL;
  gsize size;
  const guint8 *sent = g_bytes_get_data (bytes, &size);

  message = catur_net_message_decode (sent, size, &error);
  if (message == NULL)
    finding ("the session sent a message it cannot read: %s", error->message);
}

static void
check_one (const guint8 *data,
           size_t        size)
{
  g_autoptr(CaturNetMessage) message = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GError) error = NULL;

  message = catur_net_message_decode (data, size, &error);
  if (message == NULL)
    {
      if (error == NULL || error->domain != CATUR_NET_ERROR)
        finding ("a refusal without a CATUR_NET_ERROR");
      return;
    }
  again = catur_net_message_encode (message, &error);
  if (again == NULL)
    finding ("a message read does not write: %s", error->message);
  if (g_bytes_get_size (again) != size || memcmp (g_bytes_get_data (again, NULL), data, size))
    finding ("a message read writes other bytes");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(CaturGame) game = catur_game_new (fuzz_xiangqi (), NULL);
  g_autoptr(CaturNetSession) host = NULL;
  guint32 seq = 1;

  /* The host plays the second seat, two plies in: the guest is to move. */
  if (!catur_game_play_text (game, "h2e2", NULL) || !catur_game_play_text (game, "h9g7", NULL))
    finding ("the opening moves do not play");
  host = catur_net_session_new_host (game, CATUR_SIDE_SECOND, "Fuzz", NULL);
  g_signal_connect (host, "send", G_CALLBACK (sent_cb), NULL);

  while (size >= 2)
    {
      size_t length = (size_t) data[0] << 8 | data[1];
      g_autofree guint8 *frame = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autoptr(GError) error = NULL;
      gboolean taken;

      data += 2;
      size -= 2;
      length = MIN (length, size);
      check_one (data, length);
      frame = g_memdup2 (data, length);
      if (length >= 6)
        {
          frame[2] = seq >> 24;
          frame[3] = seq >> 16;
          frame[4] = seq >> 8;
          frame[5] = seq;
        }
      /* A message that reads, while the session is open, takes its sequence number. */
      {
        g_autoptr(CaturNetMessage) readable = catur_net_message_decode (frame, length, NULL);

        taken = readable != NULL
                && catur_net_session_get_state (host) != CATUR_NET_STATE_CLOSED;
      }
      before = game_text (catur_net_session_get_game (host));
      if (!catur_net_session_receive (host, frame, length, &error))
        {
          if (error == NULL || error->domain != CATUR_NET_ERROR)
            finding ("a refusal without a CATUR_NET_ERROR");
          after = game_text (catur_net_session_get_game (host));
          if (strcmp (before, after) != 0)
            finding ("a refused message changed the game: %s / %s", before, after);
        }
      if (taken)
        seq++;
      data += length;
      size -= length;
    }
  return 0;
}
