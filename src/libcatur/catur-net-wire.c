/* catur-net-wire.c: the messages of a game played over the network, and their bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bytes come from another computer: whoever sends them may be a newer Catur, a broken one,
 * or somebody else altogether. So each type has one fixed list of fields, read in order with
 * every length and value checked against its limit, and a message with a byte left over is no
 * message. Encoding runs the same checks, so that what we send is what we would accept. The
 * format is in docs/network.md ("Messages").
 */
#define G_LOG_DOMAIN "catur-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

G_DEFINE_QUARK (catur-net-error-quark, catur_net_error)

/* The header: version, type, and the 4-byte sequence number. */
#define HEADER_SIZE 6

typedef enum
{
  F_END,
  F_APP_VERSION,
  F_GAME_ID,
  F_OPTIONS,
  F_NAME,
  F_SEAT,
  F_PLY,
  F_DIGEST,
  F_REASON,
  F_DETAIL,
  F_MOVE,
  F_CHAT,
  F_ACCEPT,
  F_CLOCK,
  F_TIMED_OUT,
  F_TOKEN,
  F_PAYLOAD,
  F_FORCED,
  F_ENDING,
} Field;

#define MAX_FIELDS 8

typedef struct
{
  const char *name;
  Field fields[MAX_FIELDS];
} TypeInfo;

static const TypeInfo types[CATUR_NET_N_TYPES] = {
  [CATUR_NET_MESSAGE_HELLO] = { "HELLO", { F_APP_VERSION, F_GAME_ID, F_OPTIONS, F_NAME, F_SEAT,
                                           F_PLY, F_DIGEST } },
  [CATUR_NET_MESSAGE_WELCOME] = { "WELCOME", { F_APP_VERSION, F_GAME_ID, F_OPTIONS, F_NAME, F_SEAT,
                                               F_PLY, F_DIGEST } },
  [CATUR_NET_MESSAGE_REFUSE] = { "REFUSE", { F_REASON, F_DETAIL } },
  [CATUR_NET_MESSAGE_MOVE] = { "MOVE", { F_PLY, F_MOVE, F_FORCED } },
  [CATUR_NET_MESSAGE_TAKEBACK_ASK] = { "TAKEBACK_ASK", { F_PLY } },
  [CATUR_NET_MESSAGE_TAKEBACK_ANSWER] = { "TAKEBACK_ANSWER", { F_PLY, F_ACCEPT } },
  [CATUR_NET_MESSAGE_DRAW_OFFER] = { "DRAW_OFFER", { F_PLY } },
  [CATUR_NET_MESSAGE_DRAW_ANSWER] = { "DRAW_ANSWER", { F_PLY, F_ACCEPT } },
  [CATUR_NET_MESSAGE_RESIGN] = { "RESIGN", { F_PLY, F_ENDING } },
  [CATUR_NET_MESSAGE_CLOCK] = { "CLOCK", { F_PLY, F_SEAT, F_CLOCK, F_TIMED_OUT } },
  [CATUR_NET_MESSAGE_REMATCH_ASK] = { "REMATCH_ASK", { F_END } },
  [CATUR_NET_MESSAGE_REMATCH_ANSWER] = { "REMATCH_ANSWER", { F_ACCEPT } },
  [CATUR_NET_MESSAGE_CHAT] = { "CHAT", { F_CHAT } },
  [CATUR_NET_MESSAGE_LEAVE] = { "LEAVE", { F_END } },
  [CATUR_NET_MESSAGE_DEAL] = { "DEAL", { F_PAYLOAD } },
  [CATUR_NET_MESSAGE_PING] = { "PING", { F_TOKEN } },
  [CATUR_NET_MESSAGE_PONG] = { "PONG", { F_TOKEN } },
};

/* What a text field may hold. */
typedef enum
{
  TEXT_TOKEN,     /* ASCII letters, digits, '-' and '_': ids */
  TEXT_ASCII,     /* printable ASCII, no space: versions, moves */
  TEXT_LINE,      /* UTF-8 without control characters: names, chat, options */
} TextClass;

typedef struct
{
  const char *name;
  TextClass text_class;
  gsize min;
  gsize max;
} TextField;

static gboolean
text_field_info (Field      field,
                 TextField *info)
{
  switch (field)
    {
    case F_APP_VERSION:
      *info = (TextField) { NC_("message field", "app version"),
                            TEXT_ASCII, 1, CATUR_NET_APP_VERSION_MAX };
      return TRUE;
    case F_GAME_ID:
      *info = (TextField) { NC_("message field", "game id"),
                            TEXT_TOKEN, 1, CATUR_NET_GAME_ID_MAX };
      return TRUE;
    case F_OPTIONS:
      *info = (TextField) { NC_("message field", "options"),
                            TEXT_LINE, 0, CATUR_NET_OPTIONS_MAX };
      return TRUE;
    case F_NAME:
      *info = (TextField) { NC_("message field", "name"),
                            TEXT_LINE, 1, CATUR_NET_NAME_MAX };
      return TRUE;
    case F_DETAIL:
      *info = (TextField) { NC_("message field", "detail"),
                            TEXT_LINE, 0, CATUR_NET_DETAIL_MAX };
      return TRUE;
    case F_MOVE:
      *info = (TextField) { NC_("message field", "move"),
                            TEXT_ASCII, 1, CATUR_NET_MOVE_MAX };
      return TRUE;
    case F_CHAT:
      *info = (TextField) { NC_("message field", "chat"),
                            TEXT_LINE, 1, CATUR_NET_CHAT_MAX };
      return TRUE;
    default:
      return FALSE;
    }
}

static char **
text_slot (CaturNetMessage *message,
           Field            field)
{
  switch (field)
    {
    case F_APP_VERSION:
      return &message->app_version;
    case F_GAME_ID:
      return &message->game_id;
    case F_OPTIONS:
      return &message->options;
    case F_NAME:
      return &message->name;
    case F_DETAIL:
    case F_MOVE:
    case F_CHAT:
      return &message->text;
    default:
      g_assert_not_reached ();
    }
}

static const char *
field_label (const TextField *info)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "message field", info->name);
}

/* Checks @length bytes of @text against @info; the error names the field. */
static gboolean
check_text (const TextField *info,
            const char      *text,
            gsize            length,
            GError         **error)
{
  const char *end;

  if (length > info->max)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_TOO_LONG,
                   /* Translators: %s is the name of a field of a network message */
                   _("The %s field is too long (%u bytes, at most %u)"), field_label (info),
                   (guint) length, (guint) info->max);
      return FALSE;
    }
  if (length < info->min)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED,
                   /* Translators: %s is the name of a field of a network message */
                   _("The %s field is empty"), field_label (info));
      return FALSE;
    }
  if (!g_utf8_validate_len (text, length, &end))
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_TEXT,
                   /* Translators: %s is the name of a field of a network message */
                   _("The %s field is not valid UTF-8"), field_label (info));
      return FALSE;
    }
  for (const char *p = text; p < text + length; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean ok;

      switch (info->text_class)
        {
        case TEXT_TOKEN:
          ok = g_ascii_isalnum (c) || c == '-' || c == '_';
          break;
        case TEXT_ASCII:
          ok = c > 0x20 && c < 0x7f;
          break;
        case TEXT_LINE:
        default:
          ok = !g_unichar_iscntrl (c);
          break;
        }
      if (!ok)
        {
          g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_TEXT,
                       /* Translators: %s is the name of a field of a network message */
                       _("The %s field holds a character it may not (U+%04X)"),
                       field_label (info),
                       (guint) c);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * catur_net_message_new:
 * @type: a #CaturNetMessageType
 *
 * Returns: (transfer full): a message of @type with every field empty, its sides none
 */
CaturNetMessage *
catur_net_message_new (CaturNetMessageType type)
{
  CaturNetMessage *message = g_new0 (CaturNetMessage, 1);

  message->type = type;
  message->seat = CATUR_SIDE_NONE;
  message->timed_out = CATUR_SIDE_NONE;
  message->ending = CATUR_NET_ENDING_RESIGN;
  return message;
}

void
catur_net_message_free (CaturNetMessage *message)
{
  if (message == NULL)
    return;
  g_free (message->app_version);
  g_free (message->game_id);
  g_free (message->options);
  g_free (message->name);
  g_free (message->text);
  g_clear_pointer (&message->payload, g_bytes_unref);
  g_free (message);
}

/* Returns: the name of @type as docs/network.md writes it, or "UNKNOWN" */
const char *
catur_net_message_type_name (CaturNetMessageType type)
{
  if (type < CATUR_NET_MESSAGE_HELLO || type > CATUR_NET_MESSAGE_PONG)
    return "UNKNOWN";
  return types[type].name;
}

static void
put_u16 (GByteArray *out,
         guint       value)
{
  guint8 bytes[2] = { value >> 8, value & 0xff };

  g_byte_array_append (out, bytes, 2);
}

static void
put_u32 (GByteArray *out,
         guint32     value)
{
  guint8 bytes[4] = { value >> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff };

  g_byte_array_append (out, bytes, 4);
}

static void
put_u8 (GByteArray *out,
        guint8      value)
{
  g_byte_array_append (out, &value, 1);
}

static gboolean
check_side (guint8   side,
            GError **error)
{
  if (side > CATUR_SIDE_NONE)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED,
                   _("A side is out of range (%u)"), side);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_reason (guint8   reason,
              GError **error)
{
  if (reason < CATUR_NET_REFUSAL_PROTOCOL || reason > CATUR_NET_REFUSAL_LAST)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED,
                   _("A refusal's reason is out of range (%u)"), reason);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_ending (guint8   ending,
              GError **error)
{
  if (ending < CATUR_NET_ENDING_RESIGN || ending > CATUR_NET_ENDING_LAST)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED,
                   _("A resignation's reason is out of range (%u)"), ending);
      return FALSE;
    }
  return TRUE;
}

/* A yes or no byte: anything else is no message. */
static gboolean
check_flag (guint8   byte,
            GError **error)
{
  if (byte > 1)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED,
                   _("An answer is neither yes nor no (%u)"), byte);
      return FALSE;
    }
  return TRUE;
}

/**
 * catur_net_message_encode:
 *
 * Writes @message as the bytes of one frame, after the checks its reader makes: a message
 * that its reader would refuse is not written.
 *
 * Returns: (transfer full) (nullable): the bytes, or %NULL with @error set
 */
GBytes *
catur_net_message_encode (const CaturNetMessage *message,
                          GError               **error)
{
  g_autoptr(GByteArray) out = NULL;
  const TypeInfo *info;

  g_return_val_if_fail (message != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (message->type < CATUR_NET_MESSAGE_HELLO || message->type > CATUR_NET_MESSAGE_PONG)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_UNKNOWN_TYPE,
                   _("Unknown message type %u"), (guint) message->type);
      return NULL;
    }
  info = &types[message->type];
  out = g_byte_array_sized_new (64);
  put_u8 (out, CATUR_NET_PROTOCOL_VERSION);
  put_u8 (out, message->type);
  put_u32 (out, message->seq);

  for (guint i = 0; i < MAX_FIELDS && info->fields[i] != F_END; i++)
    {
      Field field = info->fields[i];
      TextField text;

      if (text_field_info (field, &text))
        {
          const char *value = *text_slot ((CaturNetMessage *) message, field);
          gsize length = value != NULL ? strlen (value) : 0;

          if (!check_text (&text, value != NULL ? value : "", length, error))
            return NULL;
          put_u16 (out, length);
          g_byte_array_append (out, (const guint8 *) value, length);
          continue;
        }
      switch (field)
        {
        case F_SEAT:
          if (!check_side (message->seat, error))
            return NULL;
          put_u8 (out, message->seat);
          break;
        case F_TIMED_OUT:
          if (!check_side (message->timed_out, error))
            return NULL;
          put_u8 (out, message->timed_out);
          break;
        case F_PLY:
          put_u32 (out, message->ply);
          break;
        case F_DIGEST:
          g_byte_array_append (out, message->digest, CATUR_NET_DIGEST_SIZE);
          break;
        case F_REASON:
          if (!check_reason (message->reason, error))
            return NULL;
          put_u8 (out, message->reason);
          break;
        case F_ACCEPT:
          put_u8 (out, message->accept ? 1 : 0);
          break;
        case F_FORCED:
          put_u8 (out, message->forced ? 1 : 0);
          break;
        case F_ENDING:
          if (!check_ending (message->ending, error))
            return NULL;
          put_u8 (out, message->ending);
          break;
        case F_CLOCK:
          for (guint side = 0; side < 2; side++)
            {
              put_u32 (out, message->clock_ms[side]);
              put_u8 (out, message->periods[side]);
            }
          break;
        case F_TOKEN:
          put_u32 (out, message->token);
          break;
        case F_PAYLOAD:
          {
            gsize size = message->payload != NULL ? g_bytes_get_size (message->payload) : 0;

            if (size > CATUR_NET_MESSAGE_MAX - HEADER_SIZE - 4)
              {
                g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_TOO_LONG,
                             _("The deal's payload is too long (%u bytes)"),
                             (guint) size);
                return NULL;
              }
            put_u32 (out, size);
            if (size > 0)
              g_byte_array_append (out, g_bytes_get_data (message->payload, NULL), size);
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/* A cursor over the bytes being read. */
typedef struct
{
  const guint8 *data;
  gsize length;
  gsize at;
} Reader;

static gboolean
need (Reader  *reader,
      gsize    count,
      GError **error)
{
  if (reader->length - reader->at < count)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED,
                   _("The message is cut short (%u bytes)"), (guint) reader->length);
      return FALSE;
    }
  return TRUE;
}

static gboolean
get_u8 (Reader  *reader,
        guint8  *value,
        GError **error)
{
  if (!need (reader, 1, error))
    return FALSE;
  *value = reader->data[reader->at++];
  return TRUE;
}

static gboolean
get_u16 (Reader  *reader,
         guint   *value,
         GError **error)
{
  const guint8 *p;

  if (!need (reader, 2, error))
    return FALSE;
  p = reader->data + reader->at;
  *value = (guint) p[0] << 8 | p[1];
  reader->at += 2;
  return TRUE;
}

static gboolean
get_u32 (Reader  *reader,
         guint32 *value,
         GError **error)
{
  const guint8 *p;

  if (!need (reader, 4, error))
    return FALSE;
  p = reader->data + reader->at;
  *value = (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
  reader->at += 4;
  return TRUE;
}

static gboolean
read_field (Reader          *reader,
            Field            field,
            CaturNetMessage *message,
            GError         **error)
{
  TextField text;
  guint8 byte;

  if (text_field_info (field, &text))
    {
      guint length;

      if (!get_u16 (reader, &length, error))
        return FALSE;
      /* The limit first: a length past the end of a long field says "too long", not "cut". */
      if (length > text.max)
        return check_text (&text, "", length, error);
      if (!need (reader, length, error)
          || !check_text (&text, (const char *) reader->data + reader->at, length, error))
        return FALSE;
      *text_slot (message, field) = g_strndup ((const char *) reader->data + reader->at, length);
      reader->at += length;
      return TRUE;
    }

  switch (field)
    {
    case F_SEAT:
      return get_u8 (reader, &message->seat, error) && check_side (message->seat, error);
    case F_TIMED_OUT:
      return get_u8 (reader, &message->timed_out, error)
             && check_side (message->timed_out, error);
    case F_PLY:
      return get_u32 (reader, &message->ply, error);
    case F_DIGEST:
      if (!need (reader, CATUR_NET_DIGEST_SIZE, error))
        return FALSE;
      memcpy (message->digest, reader->data + reader->at, CATUR_NET_DIGEST_SIZE);
      reader->at += CATUR_NET_DIGEST_SIZE;
      return TRUE;
    case F_REASON:
      return get_u8 (reader, &message->reason, error) && check_reason (message->reason, error);
    case F_ACCEPT:
      if (!get_u8 (reader, &byte, error) || !check_flag (byte, error))
        return FALSE;
      message->accept = byte;
      return TRUE;
    case F_FORCED:
      if (!get_u8 (reader, &byte, error) || !check_flag (byte, error))
        return FALSE;
      message->forced = byte;
      return TRUE;
    case F_ENDING:
      return get_u8 (reader, &message->ending, error) && check_ending (message->ending, error);
    case F_CLOCK:
      for (guint side = 0; side < 2; side++)
        if (!get_u32 (reader, &message->clock_ms[side], error)
            || !get_u8 (reader, &message->periods[side], error))
          return FALSE;
      return TRUE;
    case F_TOKEN:
      return get_u32 (reader, &message->token, error);
    case F_PAYLOAD:
      {
        guint32 size;

        if (!get_u32 (reader, &size, error) || !need (reader, size, error))
          return FALSE;
        message->payload = g_bytes_new (reader->data + reader->at, size);
        reader->at += size;
        return TRUE;
      }
    default:
      g_assert_not_reached ();
    }
}

/**
 * catur_net_message_decode:
 * @data: (array length=length): the bytes of one frame
 *
 * Reads one message, checking every field: anything else than exactly one message of this
 * protocol version is refused.
 *
 * Returns: (transfer full) (nullable): the message, or %NULL with @error set
 */
CaturNetMessage *
catur_net_message_decode (const guint8 *data,
                          gsize         length,
                          GError      **error)
{
  g_autoptr(CaturNetMessage) message = NULL;
  Reader reader = { data, length, 0 };
  guint8 version;
  guint8 type;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length > CATUR_NET_MESSAGE_MAX)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_TOO_LONG,
                   _("The message is too long (%u bytes)"), (guint) MIN (length, G_MAXUINT));
      return NULL;
    }
  if (!get_u8 (&reader, &version, error))
    return NULL;
  if (version != CATUR_NET_PROTOCOL_VERSION)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_VERSION,
                   _("The other computer speaks protocol version %u; this one speaks %u"),
                   version, CATUR_NET_PROTOCOL_VERSION);
      return NULL;
    }
  if (!get_u8 (&reader, &type, error))
    return NULL;
  if (type < CATUR_NET_MESSAGE_HELLO || type > CATUR_NET_MESSAGE_PONG)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_UNKNOWN_TYPE,
                   _("Unknown message type %u"), type);
      return NULL;
    }
  message = catur_net_message_new (type);
  if (!get_u32 (&reader, &message->seq, error))
    return NULL;
  for (guint i = 0; i < MAX_FIELDS && types[type].fields[i] != F_END; i++)
    if (!read_field (&reader, types[type].fields[i], message, error))
      return NULL;
  if (reader.at != length)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED,
                   _("%u bytes follow the end of a %s message"),
                   (guint) (length - reader.at), types[type].name);
      return NULL;
    }
  return g_steal_pointer (&message);
}
