/* catur-net-invite.c: the invitation to a network game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A link arrives pasted from a chat, through a desktop's URL handler or typed by hand: it is
 * untrusted text, read strictly (one form only, every part checked) so that whatever does not
 * come from Catur is refused with a sentence saying what is wrong, never half understood.
 */
#define G_LOG_DOMAIN "catur-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <string.h>

#include "catur-net-invite.h"

/* Longer than any link this Catur writes (a long host name included); more is not one. */
#define MAX_LINK_LENGTH 512

/* The base64url form of 32 bytes, without padding. */
#define ENCODED_32_LENGTH 43

/* The short code's letters: no 0/O, 1/I/L or U/V pairs that a listener could confuse. */
static const char code_alphabet[] = "23456789ABCDEFGHJKMNPQRSTWXYZ";

/* The words shown on both screens, never translated (docs/network.md says why): invented
 * two-syllable words, spelled with letters English and Indonesian readers say alike; no two
 * differ in one letter only, so one misread letter never turns a word into another. */
static const char *const words[256] = {
  "baga", "bapu", "baro", "base", "bawi", "begi", "bepe", "beta", "beyu", "biba", "bile", "bisu",
  "biwo", "biyi", "boma", "boni", "bopo", "bote", "bowu", "bube", "budo", "bulu", "bumi", "busa",
  "dabi", "dadu", "dane", "dapo", "data", "dedo", "dega", "deke", "deli", "dewu", "dibe", "dimo",
  "dinu", "dipa", "diti", "doda", "dolu", "dome", "doyi", "dudi", "dugu", "duna", "dure", "duso",
  "gali", "gana", "gape", "gebo", "geme", "genu", "gesi", "geya", "gida", "giko", "giru", "giwi",
  "giye", "gobu", "gole", "gono", "gosa", "guku", "gulo", "gura", "guse", "guyi", "kalu", "kapi",
  "kara", "kaso", "kate", "kede", "keko", "kema", "kesu", "kewi", "kige", "kika", "kipu", "kiro",
  "kodo", "koli", "kona", "kope", "koyu", "kumo", "kuni", "kuwa", "kuye", "labe", "lagu", "lama",
  "lati", "lawo", "lelu", "leni", "lese", "leyo", "liku", "lipo", "liri", "lisa", "liwe", "lobo",
  "loka", "lonu", "lopi", "loye", "luga", "luno", "lupe", "luru", "luwi", "mako", "mapa", "mari",
  "mawe", "mayu", "megu", "mela", "memo", "meyi", "mibu", "mide", "mini", "miso", "miwa", "mobe",
  "mora", "motu", "mowi", "moyo", "muda", "muge", "mupu", "musi", "muwo", "nadi", "naka", "nale",
  "namo", "nanu", "nebu", "nepo", "neri", "nete", "newa", "nidu", "nina", "nipe", "nisi", "niyo",
  "noba", "nomi", "nopu", "nore", "nowo", "nubi", "nuko", "numu", "nune", "nupa", "pabu", "pada",
  "page", "pasi", "payo", "pebe", "pelo", "pemu", "pena", "peti", "piki", "pilu", "pime", "pira",
  "pito", "podu", "pogo", "pone", "pori", "powa", "pubo", "pude", "pugi", "puka", "puwu", "raba",
  "rado", "ragi", "ratu", "raye", "redi", "reku", "rene", "rero", "resa", "rigu", "rima", "rino",
  "ripi", "rite", "robi", "roga", "roko", "rose", "ruke", "rula", "rupo", "ruti", "ruyu", "sabo",
  "saki", "sare", "sawu", "semi", "sepa", "seru", "seso", "sewe", "sido", "sili", "simu", "sise",
  "siya", "sodi", "soge", "soku", "sola", "soto", "suma", "sute", "suyo", "talo", "tame", "taru",
  "tasa", "tayi", "tebi", "teda", "tetu", "tewo", "teye", "tibo", "tidi", "tike", "tita", "tiwu",
  "toki", "tomu", "topa", "toro"
};

G_DEFINE_QUARK (catur-net-invite-error-quark, catur_net_invite_error)

/**
 * catur_net_random_bytes:
 * @buffer: (out caller-allocates) (array length=length): where to write
 * @length: how many bytes
 *
 * Fills @buffer from GnuTLS's generator of key material: secrets must not be guessable,
 * which g_random_int() does not promise.
 */
void
catur_net_random_bytes (guint8 *buffer,
                        gsize   length)
{
  if (gnutls_rnd (GNUTLS_RND_KEY, buffer, length) != 0)
    g_error ("The system's random generator failed");
}

static char *
encode_32 (const guint8 *data)
{
  g_autofree char *text = g_base64_encode (data, 32);
  char *end = strchr (text, '=');

  if (end != NULL)
    *end = '\0';
  g_strdelimit (text, "+", '-');
  g_strdelimit (text, "/", '_');
  return g_steal_pointer (&text);
}

static gboolean
decode_32 (const char *text,
           guint8     *data)
{
  g_autofree char *standard = NULL;
  g_autofree guint8 *decoded = NULL;
  g_autofree char *again = NULL;
  gsize length = 0;

  if (strlen (text) != ENCODED_32_LENGTH)
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;

  standard = g_strconcat (text, "=", NULL);
  g_strdelimit (standard, "-", '+');
  g_strdelimit (standard, "_", '/');
  decoded = g_base64_decode (standard, &length);
  if (length != 32)
    return FALSE;
  /* The last letter carries two spare bits: a text whose spare bits are set decodes to the
   * same bytes as another text, and only the one form Catur writes is accepted. */
  again = encode_32 (decoded);
  if (strcmp (again, text) != 0)
    return FALSE;
  memcpy (data, decoded, 32);
  return TRUE;
}

static gboolean
is_host_name (const char *host)
{
  gsize length = strlen (host);
  gsize label = 0;

  if (length == 0 || length > 253)
    return FALSE;
  for (const char *p = host; ; p++)
    {
      if (*p == '.' || *p == '\0')
        {
          if (label == 0 || label > 63 || p[-1] == '-')
            return FALSE;
          if (*p == '\0')
            return TRUE;
          label = 0;
          continue;
        }
      if (!g_ascii_isalnum (*p) && !(*p == '-' && label > 0))
        return FALSE;
      label++;
    }
}

static gboolean
is_valid_host (const char *host)
{
  return g_hostname_is_ip_address (host) || is_host_name (host);
}

/**
 * catur_net_invite_new:
 * @host: the address or name the friend reaches this computer at (an IPv6 address without
 *   brackets)
 * @port: the port the host listens on
 * @fingerprint: (array fixed-size=32): the host certificate's fingerprint
 *
 * A new invitation with a fresh random secret.
 *
 * Returns: (transfer full): the invitation
 */
CaturNetInvite *
catur_net_invite_new (const char   *host,
                      guint16       port,
                      const guint8 *fingerprint)
{
  CaturNetInvite *self;

  g_return_val_if_fail (host != NULL && is_valid_host (host), NULL);
  g_return_val_if_fail (port != 0, NULL);
  g_return_val_if_fail (fingerprint != NULL, NULL);

  self = g_new0 (CaturNetInvite, 1);
  self->host = g_strdup (host);
  self->port = port;
  self->version = CATUR_NET_INVITE_VERSION;
  memcpy (self->fingerprint, fingerprint, CATUR_NET_FINGERPRINT_SIZE);
  catur_net_random_bytes (self->secret, CATUR_NET_SECRET_SIZE);
  return self;
}

CaturNetInvite *
catur_net_invite_copy (const CaturNetInvite *self)
{
  CaturNetInvite *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_memdup2 (self, sizeof *self);
  copy->host = g_strdup (self->host);
  copy->game = g_strdup (self->game);
  return copy;
}

void
catur_net_invite_free (CaturNetInvite *self)
{
  if (self == NULL)
    return;
  g_free (self->host);
  g_free (self->game);
  /* The secret does not stay in freed memory. */
  memset (self, 0, sizeof *self);
  g_free (self);
}

/**
 * catur_net_invite_is_game_id:
 * @game: a text
 *
 * Returns: %TRUE if @game may stand in a link as a game's id: 1 to %CATUR_NET_INVITE_GAME_MAX
 *   lowercase ASCII letters, digits, `-` and `_`, so that it needs no escaping
 */
gboolean
catur_net_invite_is_game_id (const char *game)
{
  gsize length = 0;

  g_return_val_if_fail (game != NULL, FALSE);

  for (const char *p = game; *p != '\0'; p++, length++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-' && *p != '_')
      return FALSE;
  return length > 0 && length <= CATUR_NET_INVITE_GAME_MAX;
}

/**
 * catur_net_invite_set_game:
 * @self: an invitation
 * @game: (nullable): the game's id (catur_net_invite_is_game_id()), or %NULL for none
 *
 * Names the game in the link, so that the friend's Catur can say which game it is before it
 * connects.
 */
void
catur_net_invite_set_game (CaturNetInvite *self,
                           const char     *game)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (game == NULL || catur_net_invite_is_game_id (game));

  g_free (self->game);
  self->game = g_strdup (game);
}

/**
 * catur_net_invite_format:
 * @self: an invitation
 *
 * Returns: (transfer full): the link, `catur://HOST:PORT/join?v=1&fp=…&s=…`, and `&g=GAME`
 *   when it names the game
 */
char *
catur_net_invite_format (const CaturNetInvite *self)
{
  g_autofree char *fingerprint = NULL;
  g_autofree char *secret = NULL;
  g_autofree char *host = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  fingerprint = encode_32 (self->fingerprint);
  secret = encode_32 (self->secret);
  if (strchr (self->host, ':') != NULL)
    {
      /* An IPv6 address; its zone ("%eth0"), if any, is escaped as RFC 6874 says. */
      g_autofree char *escaped = g_uri_escape_string (self->host, ":", FALSE);

      host = g_strdup_printf ("[%s]", escaped);
    }
  else
    host = g_strdup (self->host);

  return g_strdup_printf ("catur://%s:%u/join?v=%u&fp=%s&s=%s%s%s", host, self->port,
                          self->version, fingerprint, secret, self->game != NULL ? "&g=" : "",
                          self->game != NULL ? self->game : "");
}

static CaturNetInvite *
invalid (GError    **error,
         const char *why)
{
  g_set_error (error, CATUR_NET_INVITE_ERROR, CATUR_NET_INVITE_ERROR_INVALID,
               _("This is not a Catur invitation: %s"), why);
  return NULL;
}

/**
 * catur_net_invite_parse:
 * @link: a link as pasted or opened, surrounding spaces allowed
 * @error: return location for an error
 *
 * Returns: (transfer full) (nullable): the invitation, or %NULL with a
 *   %CATUR_NET_INVITE_ERROR saying what is wrong
 */
CaturNetInvite *
catur_net_invite_parse (const char *link,
                        GError    **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GUri) uri = NULL;
  g_autoptr(CaturNetInvite) self = NULL;
  g_auto(GStrv) params = NULL;
  const char *query;
  gboolean have_version = FALSE, have_fingerprint = FALSE, have_secret = FALSE;
  gboolean have_game = FALSE;
  gint port;

  g_return_val_if_fail (link != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  text = g_strstrip (g_strdup (link));
  if (strlen (text) > MAX_LINK_LENGTH)
    return invalid (error, _("the link is too long"));
  if (g_ascii_strncasecmp (text, "catur://", strlen ("catur://")) != 0)
    return invalid (error, _("the link does not start with “catur://”"));
  for (const char *p = text; *p != '\0'; p++)
    if ((guchar) *p <= ' ' || (guchar) *p >= 0x7f)
      return invalid (error, _("the link has spaces or letters no link has"));

  uri = g_uri_parse (text, G_URI_FLAGS_NONE, NULL);
  if (uri == NULL)
    return invalid (error, _("its address or port is malformed"));
  if (g_uri_get_host (uri) == NULL || *g_uri_get_host (uri) == '\0')
    return invalid (error, _("it names no computer"));
  if (g_uri_get_userinfo (uri) != NULL)
    return invalid (error, _("it has a user name"));
  port = g_uri_get_port (uri);
  if (port <= 0 || port > 65535)
    return invalid (error, _("it has no port number"));
  if (strcmp (g_uri_get_path (uri), "/join") != 0)
    return invalid (error, _("it does not end in “/join” and the invitation’s details"));
  if (g_uri_get_fragment (uri) != NULL)
    return invalid (error, _("it has a “#” part"));
  query = g_uri_get_query (uri);
  if (query == NULL)
    return invalid (error, _("the invitation’s details are missing"));
  /* GLib gives the query with its %-escapes decoded; Catur writes none there, and a detail
   * spelled with one is not in the one form accepted. */
  if (strchr (strchr (text, '?'), '%') != NULL)
    return invalid (error, _("its details have “%” escapes, which Catur does not write"));
  if (!is_valid_host (g_uri_get_host (uri)))
    return invalid (error, _("the computer’s name is not a valid address"));

  self = g_new0 (CaturNetInvite, 1);
  self->host = g_strdup (g_uri_get_host (uri));
  self->port = port;

  params = g_strsplit (query, "&", -1);
  for (guint i = 0; params[i] != NULL; i++)
    {
      const char *param = params[i];

      if (g_str_has_prefix (param, "v=") && !have_version)
        {
          guint64 version = 0;

          if (!g_ascii_string_to_unsigned (param + 2, 10, 1, 999, &version, NULL))
            return invalid (error, _("its version is not a number"));
          if (version != CATUR_NET_INVITE_VERSION)
            {
              g_set_error (error, CATUR_NET_INVITE_ERROR, CATUR_NET_INVITE_ERROR_VERSION,
                           _("This invitation is for version %u of Catur’s network game, and "
                             "this Catur plays version %u: both players need the same "
                             "version of Catur"), (guint) version, CATUR_NET_INVITE_VERSION);
              return NULL;
            }
          self->version = version;
          have_version = TRUE;
        }
      else if (g_str_has_prefix (param, "fp=") && !have_fingerprint)
        {
          if (!decode_32 (param + 3, self->fingerprint))
            return invalid (error, _("its certificate fingerprint is damaged"));
          have_fingerprint = TRUE;
        }
      else if (g_str_has_prefix (param, "s=") && !have_secret)
        {
          if (!decode_32 (param + 2, self->secret))
            return invalid (error, _("its secret is damaged"));
          have_secret = TRUE;
        }
      else if (g_str_has_prefix (param, "g=") && !have_game)
        {
          if (!catur_net_invite_is_game_id (param + 2))
            return invalid (error, _("the game it names is not a valid game id"));
          self->game = g_strdup (param + 2);
          have_game = TRUE;
        }
      else
        return invalid (error, _("it has a detail that is unknown or given twice"));
    }
  if (!have_version || !have_fingerprint || !have_secret)
    return invalid (error, _("a detail is missing (version, fingerprint or secret)"));

  return g_steal_pointer (&self);
}

/**
 * catur_net_invite_words:
 * @fingerprint: (array fixed-size=32): a certificate fingerprint
 *
 * The words both players compare: the same on every screen, in every language.
 *
 * Returns: (transfer full) (array zero-terminated=1): CATUR_NET_WORD_COUNT words
 */
char **
catur_net_invite_words (const guint8 *fingerprint)
{
  char **result = g_new0 (char *, CATUR_NET_WORD_COUNT + 1);

  g_return_val_if_fail (fingerprint != NULL, result);

  /* A SHA-256 digest is uniform: its first bytes are as good as any. */
  for (guint i = 0; i < CATUR_NET_WORD_COUNT; i++)
    result[i] = g_strdup (words[fingerprint[i]]);
  return result;
}

/**
 * catur_net_code_new:
 *
 * A new short code, shown as `ABC-DEF`.
 *
 * Returns: (transfer full): the code
 */
char *
catur_net_code_new (void)
{
  GString *code = g_string_new (NULL);
  const guint alphabet_size = sizeof code_alphabet - 1;

  while (code->len < CATUR_NET_CODE_LENGTH + 1)
    {
      guint8 byte;

      if (code->len == CATUR_NET_CODE_LENGTH / 2)
        g_string_append_c (code, '-');
      /* Bytes past the last whole multiple of the alphabet are drawn again: no letter is
       * likelier than another. */
      do
        catur_net_random_bytes (&byte, 1);
      while (byte >= 256 - 256 % alphabet_size);
      g_string_append_c (code, code_alphabet[byte % alphabet_size]);
    }
  return g_string_free (code, FALSE);
}

/**
 * catur_net_code_parse:
 * @typed: a code as typed: any case, spaces and hyphens anywhere
 * @error: return location for an error
 *
 * Returns: (transfer full) (nullable): the code as catur_net_code_new() writes it, or %NULL
 *   with %CATUR_NET_INVITE_ERROR_CODE
 */
char *
catur_net_code_parse (const char *typed,
                      GError    **error)
{
  GString *code = g_string_new (NULL);

  g_return_val_if_fail (typed != NULL, NULL);

  for (const char *p = typed; *p != '\0'; p++)
    {
      char c = g_ascii_toupper (*p);

      if (c == ' ' || c == '-')
        continue;
      if (strchr (code_alphabet, c) == NULL || c == '\0')
        {
          g_string_free (code, TRUE);
          g_set_error (error, CATUR_NET_INVITE_ERROR, CATUR_NET_INVITE_ERROR_CODE,
                       _("A Catur code has only the letters and digits %s: check the code "
                         "with your friend"), code_alphabet);
          return NULL;
        }
      if (code->len == CATUR_NET_CODE_LENGTH / 2)
        g_string_append_c (code, '-');
      g_string_append_c (code, c);
    }
  if (code->len != CATUR_NET_CODE_LENGTH + 1)
    {
      g_string_free (code, TRUE);
      g_set_error (error, CATUR_NET_INVITE_ERROR, CATUR_NET_INVITE_ERROR_CODE,
                   _("A Catur code has %d letters and digits: check the code with your friend"),
                   CATUR_NET_CODE_LENGTH);
      return NULL;
    }
  return g_string_free (code, FALSE);
}
