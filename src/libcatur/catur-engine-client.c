/* catur-engine-client.c: another program's engine, driven over UCI, USI, UCCI or CECP
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine runs as a child process. Everything here is asynchronous in the caller's main
 * context: its lines are read as they come, what is written to it never blocks (a pipe it does
 * not read is a hung engine, not a frozen window), and every wait has a time limit. One
 * operation at a time is in progress: the handshake, or a search. An engine that crashes,
 * hangs, floods its output or answers a move that is not legal ends the operation with a
 * #CATUR_ENGINE_ERROR saying so, and the process is killed; the caller's game goes on.
 */
#define G_LOG_DOMAIN "catur-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

/* How long the greeting may take, and how long a search may run over its time before it is
 * told to stop, and then before it is given up. */
#define DEFAULT_TIMEOUT_MS 10000
#define OVERRUN_MS 2000
#define STOP_GRACE_MS 2000
/* More output than any engine writes for a move: the rest is a flood. */
#define FLOOD_BYTES (32 * 1024 * 1024)
/* How long a quitting engine may take before it is killed. */
#define QUIT_GRACE_MS 1000

typedef enum
{
  PHASE_NEW,
  PHASE_GREETING,
  PHASE_READYING,
  PHASE_IDLE,
  PHASE_THINKING,
  /* Searching the position after the expected reply (`go ponder`), with no operation. */
  PHASE_PONDERING,
  /* Told to stop pondering; its answer is dropped, then the search waiting starts. */
  PHASE_PONDER_STOPPING,
  PHASE_DEAD,
} Phase;

struct _CaturEngineClient
{
  GObject parent_instance;

  GStrv argv;
  CaturEngineProtocol protocol;
  guint timeout_ms;

  GSubprocess *process;
  GDataInputStream *output;
  GPollableOutputStream *input;
  GCancellable *reading;
  Phase phase;

  CaturVariant *variant;
  CaturGeometry geometry;
  const CaturEngineForms *forms;
  char *name;
  char *author;
  GPtrArray *options;
  gboolean fairy;
  /* CECP features. */
  gboolean cecp_features;
  gboolean cecp_usermove;
  gboolean cecp_setboard;

  /* The operation in progress, and its timer. */
  GTask *task;
  guint timer_id;
  gsize bytes;
  gboolean stop_sent;
  CaturPosition *searched;
  CaturEngineInfoFunc info_func;
  gpointer info_data;
  gulong cancelled_id;

  /* Pondering, when the engine's Ponder option (or CECP's `hard`) allows it: the expected
   * reply of the last answer (ours), the position line of the ponder search, a move it
   * answered before being told, and the search waiting for the ponder search's stop. */
  gboolean ponder_allowed;
  char *ponder_move;
  char *pondered;
  char *ponder_answer;
  gboolean waiting;
  CaturPosition *waiting_start;
  GArray *waiting_moves;
  CaturEngineGo waiting_go;
  gboolean new_game_waiting;
  /* CECP in `hard`: the moves the engine was told, and its answer, while it plays on. */
  GPtrArray *cecp_said;
  GPtrArray *cecp_known;
  char *cecp_start;
};

G_DEFINE_FINAL_TYPE (CaturEngineClient, catur_engine_client, G_TYPE_OBJECT)

G_DEFINE_QUARK (catur-engine-error-quark, catur_engine_error)

static void read_next_line (CaturEngineClient *self);
static void stop_pondering (CaturEngineClient *self);

static void
option_free (gpointer data)
{
  CaturEngineOption *option = data;

  g_free (option->name);
  g_free (option->default_value);
  g_strfreev (option->choices);
  g_free (option);
}

static const char *
program_name (CaturEngineClient *self)
{
  return self->name != NULL ? self->name : self->argv[0];
}

/* Kills the process and forgets it; nothing waits for it any more (GSubprocess reaps it). */
static void
kill_process (CaturEngineClient *self)
{
  if (self->reading != NULL)
    g_cancellable_cancel (self->reading);
  g_clear_object (&self->reading);
  if (self->process != NULL)
    g_subprocess_force_exit (self->process);
  g_clear_object (&self->process);
  g_clear_object (&self->output);
  g_clear_object (&self->input);
  self->phase = PHASE_DEAD;
}

static void
clear_operation (CaturEngineClient *self)
{
  g_clear_handle_id (&self->timer_id, g_source_remove);
  if (self->task != NULL && self->cancelled_id != 0)
    g_cancellable_disconnect (g_task_get_cancellable (self->task), self->cancelled_id);
  self->cancelled_id = 0;
  g_clear_object (&self->task);
  g_clear_pointer (&self->searched, catur_position_free);
  self->info_func = NULL;
  self->info_data = NULL;
  self->stop_sent = FALSE;
  self->bytes = 0;
  self->waiting = FALSE;
  g_clear_pointer (&self->waiting_start, catur_position_free);
  g_clear_pointer (&self->waiting_moves, g_array_unref);
}

/* Ends the operation in progress with @error (taken). */
static void
fail (CaturEngineClient *self,
      GError            *error)
{
  g_autoptr(GTask) task = self->task != NULL ? g_object_ref (self->task) : NULL;

  clear_operation (self);
  if (task != NULL)
    g_task_return_error (task, error);
  else
    g_error_free (error);
}

/* The engine is beyond use: the operation fails with @error and the process is killed. */
static void
give_up (CaturEngineClient *self,
         GError            *error)
{
  g_debug ("%s: %s", program_name (self), error->message);
  kill_process (self);
  fail (self, error);
}

/* Writes a line to the engine without ever blocking; a pipe it does not empty means it hangs. */
static void
send_line (CaturEngineClient *self,
           const char        *format,
           ...) G_GNUC_PRINTF (2, 3);

static void
send_line (CaturEngineClient *self,
           const char        *format,
           ...)
{
  g_autofree char *line = NULL;
  g_autoptr(GError) error = NULL;
  va_list args;
  gssize written;
  gsize length;

  if (self->input == NULL)
    return;
  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_debug ("%s < %s", program_name (self), line);
  line = g_realloc (line, strlen (line) + 2);
  strcat (line, "\n");
  length = strlen (line);
  written = g_pollable_output_stream_write_nonblocking (self->input, line, length, NULL, &error);
  if (written == (gssize) length)
    return;
  if (error == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
    give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_HUNG,
                                _("%s does not read what Catur sends it"),
                                program_name (self)));
  else
    give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_STOPPED,
                                _("%s stopped: %s"), program_name (self), error->message));
}

/* Options */

static CaturEngineOptionType
option_type_from_word (const char *word,
                       gboolean   *known)
{
  static const struct { const char *word; CaturEngineOptionType type; } types[] = {
    { "check", CATUR_ENGINE_OPTION_CHECK },   { "spin", CATUR_ENGINE_OPTION_SPIN },
    { "combo", CATUR_ENGINE_OPTION_COMBO },   { "string", CATUR_ENGINE_OPTION_STRING },
    { "button", CATUR_ENGINE_OPTION_BUTTON }, { "filename", CATUR_ENGINE_OPTION_FILENAME },
    { "file", CATUR_ENGINE_OPTION_FILENAME }, { "path", CATUR_ENGINE_OPTION_FILENAME },
    { "reset", CATUR_ENGINE_OPTION_BUTTON },  { "save", CATUR_ENGINE_OPTION_BUTTON },
    { "slider", CATUR_ENGINE_OPTION_SPIN },   { "label", CATUR_ENGINE_OPTION_STRING },
  };

  *known = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (g_str_equal (word, types[i].word))
      return types[i].type;
  *known = FALSE;
  return CATUR_ENGINE_OPTION_STRING;
}

/* `option name Hash type spin default 16 min 1 max 33554432` (UCI, USI), and UCCI's
 * `option hashsize type spin min 0 max 1024 default 0`; a name may have spaces. */
static void
read_uci_option (CaturEngineClient *self,
                 const char        *rest)
{
  static const char * const keys[] = { "type", "default", "min", "max", "var", NULL };
  g_auto(GStrv) words = g_strsplit_set (rest, " \t", -1);
  g_autoptr(GString) name = g_string_new (NULL);
  g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func (g_free);
  CaturEngineOption *option = g_new0 (CaturEngineOption, 1);
  const char *key = "name";
  gboolean known = TRUE;
  GString *value = g_string_new (NULL);

  for (guint i = 0;; i++)
    {
      const char *word = words[i];

      if (word != NULL && *word == '\0')
        continue;
      if (word == NULL || g_strv_contains (keys, word)
          || (g_str_equal (word, "name") && name->len == 0 && i == 0))
        {
          /* The value of the key before is complete. */
          if (g_str_equal (key, "name") && value->len > 0)
            g_string_assign (name, value->str);
          else if (g_str_equal (key, "type"))
            option->type = option_type_from_word (value->str, &known);
          else if (g_str_equal (key, "default"))
            {
              g_free (option->default_value);
              option->default_value = g_strdup (value->str);
            }
          else if (g_str_equal (key, "min"))
            option->min = g_ascii_strtoll (value->str, NULL, 10);
          else if (g_str_equal (key, "max"))
            option->max = g_ascii_strtoll (value->str, NULL, 10);
          else if (g_str_equal (key, "var"))
            g_ptr_array_add (choices, g_strdup (value->str));
          if (word == NULL)
            break;
          key = word;
          g_string_truncate (value, 0);
          continue;
        }
      if (value->len > 0)
        g_string_append_c (value, ' ');
      g_string_append (value, word);
    }
  g_string_free (value, TRUE);
  if (name->len == 0 || !known)
    {
      option_free (option);
      return;
    }
  option->name = g_strdup (name->str);
  if (choices->len > 0)
    {
      g_ptr_array_add (choices, NULL);
      option->choices = (GStrv) g_ptr_array_steal (choices, NULL);
    }
  g_ptr_array_add (self->options, option);
}

/* CECP's `option="Skill Level -spin 20 -20 20"`, `option="Style -combo *Solid /// Risky"`. */
static void
read_cecp_option (CaturEngineClient *self,
                  const char        *text)
{
  const char *dash = strstr (text, " -");
  g_auto(GStrv) words = NULL;
  CaturEngineOption *option;
  gboolean known;
  guint n;

  if (dash == NULL)
    return;
  words = g_strsplit (dash + 2, " ", -1);
  n = g_strv_length (words);
  option = g_new0 (CaturEngineOption, 1);
  option->name = g_strndup (text, dash - text);
  option->type = option_type_from_word (words[0], &known);
  if (!known)
    {
      option_free (option);
      return;
    }
  if (option->type == CATUR_ENGINE_OPTION_COMBO)
    {
      g_autofree char *joined = g_strjoinv (" ", words + 1);
      g_auto(GStrv) choices = g_strsplit (joined, " /// ", -1);

      for (guint i = 0; choices[i] != NULL; i++)
        if (choices[i][0] == '*')
          {
            memmove (choices[i], choices[i] + 1, strlen (choices[i]));
            option->default_value = g_strdup (choices[i]);
          }
      option->choices = g_steal_pointer (&choices);
    }
  else if (n > 1)
    {
      option->default_value = g_strjoinv (" ", words + 1);
      if (option->type == CATUR_ENGINE_OPTION_SPIN && n >= 4)
        {
          g_free (option->default_value);
          option->default_value = g_strdup (words[1]);
          option->min = g_ascii_strtoll (words[2], NULL, 10);
          option->max = g_ascii_strtoll (words[3], NULL, 10);
        }
    }
  g_ptr_array_add (self->options, option);
}

static CaturEngineOption *
find_option (CaturEngineClient *self,
             const char        *name)
{
  for (guint i = 0; self->options != NULL && i < self->options->len; i++)
    {
      CaturEngineOption *option = g_ptr_array_index (self->options, i);

      if (g_ascii_strcasecmp (option->name, name) == 0)
        return option;
    }
  return NULL;
}

/* The option by which the player lets the engine think on the opponent's time: UCI's and
 * UCCI's `Ponder`, USI's `USI_Ponder`. */
static gboolean
is_ponder_option (const char *name)
{
  return g_ascii_strcasecmp (name, "Ponder") == 0 || g_ascii_strcasecmp (name, "USI_Ponder") == 0;
}

static void
send_option (CaturEngineClient *self,
             const char        *name,
             const char        *value)
{
  switch (self->protocol)
    {
    case CATUR_ENGINE_PROTOCOL_CECP:
      if (value != NULL)
        send_line (self, "option %s=%s", name, value);
      else
        send_line (self, "option %s", name);
      break;
    case CATUR_ENGINE_PROTOCOL_UCCI:
      send_line (self, "setoption %s %s", name, value != NULL ? value : "");
      break;
    case CATUR_ENGINE_PROTOCOL_UCI:
    case CATUR_ENGINE_PROTOCOL_USI:
    default:
      if (value != NULL)
        send_line (self, "setoption name %s value %s", name, value);
      else
        send_line (self, "setoption name %s", name);
      break;
    }
}

/* The handshake */

static gboolean
timer_cb (gpointer data);

static void
start_timer (CaturEngineClient *self,
             guint              ms)
{
  g_clear_handle_id (&self->timer_id, g_source_remove);
  self->timer_id = g_timeout_add (ms, timer_cb, self);
  g_source_set_name_by_id (self->timer_id, "[catur] engine timer");
}

/* The greeting is answered: the engine learns which game it plays, and must say it is ready. */
static void
greeted (CaturEngineClient *self)
{
  CaturEngineOption *variant_option;

  self->fairy = self->name != NULL && g_str_has_prefix (self->name, "Fairy-Stockfish");
  self->forms = catur_engine_forms_find (catur_variant_get_id (self->variant), self->protocol,
                                         self->fairy);
  if (self->forms == NULL)
    {
      give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_GAME,
                                  _("Catur cannot play %s with another program"),
                                  catur_variant_get_name (self->variant)));
      return;
    }
  variant_option = find_option (self, "UCI_Variant");
  if (variant_option != NULL && self->forms->variant_name != NULL)
    {
      if (variant_option->choices != NULL
          && !g_strv_contains ((const char * const *) variant_option->choices,
                               self->forms->variant_name))
        {
          give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_GAME,
                                      _("%s does not play %s"), program_name (self),
                                      catur_variant_get_name (self->variant)));
          return;
        }
      send_option (self, variant_option->name, self->forms->variant_name);
    }
  if (self->protocol == CATUR_ENGINE_PROTOCOL_CECP)
    {
      /* CECP's pondering is a command, `hard`, not an option: it is offered as one, so that
       * it is chosen where the other protocols' Ponder is. */
      if (find_option (self, "Ponder") == NULL)
        {
          CaturEngineOption *ponder = g_new0 (CaturEngineOption, 1);

          ponder->name = g_strdup ("Ponder");
          ponder->type = CATUR_ENGINE_OPTION_CHECK;
          ponder->default_value = g_strdup ("false");
          g_ptr_array_add (self->options, ponder);
        }
      /* No pondering until asked; and CECP has no "ready": a ping is answered once all
       * before it is done. */
      send_line (self, "easy");
      send_line (self, "ping 1");
    }
  else
    send_line (self, "isready");
  self->phase = PHASE_READYING;
  start_timer (self, self->timeout_ms);
}

static void
ready (CaturEngineClient *self)
{
  g_autoptr(GTask) task = g_object_ref (self->task);

  self->phase = PHASE_IDLE;
  clear_operation (self);
  g_task_return_boolean (task, TRUE);
}

/* `feature myname="GNU Chess" usermove=1 done=1`: pairs whose values may be quoted. */
static void
read_cecp_features (CaturEngineClient *self,
                    const char        *text)
{
  const char *p = text;

  self->cecp_features = TRUE;
  while (*p != '\0')
    {
      g_autofree char *key = NULL;
      g_autofree char *value = NULL;
      const char *eq, *end;

      while (*p == ' ')
        p++;
      eq = strchr (p, '=');
      if (eq == NULL)
        break;
      key = g_strndup (p, eq - p);
      if (eq[1] == '"')
        {
          end = strchr (eq + 2, '"');
          if (end == NULL)
            end = eq + strlen (eq);
          value = g_strndup (eq + 2, end - eq - 2);
          p = *end == '"' ? end + 1 : end;
        }
      else
        {
          end = strchr (eq + 1, ' ');
          if (end == NULL)
            end = eq + strlen (eq);
          value = g_strndup (eq + 1, end - eq - 1);
          p = end;
        }
      if (g_str_equal (key, "myname"))
        {
          g_free (self->name);
          self->name = g_strdup (value);
        }
      else if (g_str_equal (key, "usermove"))
        self->cecp_usermove = g_str_equal (value, "1");
      else if (g_str_equal (key, "setboard"))
        self->cecp_setboard = g_str_equal (value, "1");
      else if (g_str_equal (key, "option"))
        read_cecp_option (self, value);
      else if (g_str_equal (key, "variants") && self->forms == NULL)
        {
          const CaturEngineForms *forms = catur_engine_forms_find (
            catur_variant_get_id (self->variant), self->protocol, FALSE);
          g_auto(GStrv) variants = g_strsplit (value, ",", -1);

          if (forms != NULL && forms->variant_name != NULL
              && !g_strv_contains ((const char * const *) variants, forms->variant_name))
            {
              give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_GAME,
                                          _("%s does not play %s"), program_name (self),
                                          catur_variant_get_name (self->variant)));
              return;
            }
        }
      if (g_str_equal (key, "done"))
        {
          if (g_str_equal (value, "1"))
            greeted (self);
          else
            /* done=0: it takes its time, within the limit. */
            start_timer (self, self->timeout_ms);
          return;
        }
      send_line (self, "accepted %s", key);
      if (self->phase == PHASE_DEAD)
        return;
    }
}

/* The search */

/* `info depth 12 seldepth 18 multipv 1 score cp 31 nodes 1234 nps 5 time 80 pv e2e4 e7e5`;
 * UCCI writes `score 31`. */
static void
read_info (CaturEngineClient *self,
           const char        *rest)
{
  g_auto(GStrv) words = g_strsplit (rest, " ", -1);
  g_autoptr(GPtrArray) pv = g_ptr_array_new_with_free_func (g_free);
  CaturEngineInfo info = { 0 };

  if (self->info_func == NULL || g_str_has_prefix (rest, "string"))
    return;
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i], *next = words[i + 1];

      if (g_str_equal (word, "pv"))
        {
          for (guint j = i + 1; words[j] != NULL; j++)
            if (*words[j] != '\0')
              g_ptr_array_add (pv, catur_engine_forms_move_from_engine (self->forms,
                                                                        &self->geometry,
                                                                        words[j]));
          break;
        }
      if (next == NULL)
        break;
      if (g_str_equal (word, "depth"))
        info.depth = (guint) g_ascii_strtoull (next, NULL, 10);
      else if (g_str_equal (word, "multipv"))
        info.multipv = (guint) g_ascii_strtoull (next, NULL, 10);
      else if (g_str_equal (word, "nodes"))
        info.nodes = g_ascii_strtoull (next, NULL, 10);
      else if (g_str_equal (word, "time"))
        info.time = g_ascii_strtoull (next, NULL, 10);
      else if (g_str_equal (word, "score"))
        {
          const char *kind = next, *value = words[i + 2];

          if (g_str_equal (kind, "cp") && value != NULL)
            info.score = (int) g_ascii_strtoll (value, NULL, 10);
          else if (g_str_equal (kind, "mate") && value != NULL)
            {
              /* USI writes `mate +` or `mate -` when it does not count the moves. */
              int moves = (int) g_ascii_strtoll (value, NULL, 10);

              info.mate = moves != 0 ? moves : (value[0] == '-' ? -1 : 1);
            }
          else
            info.score = (int) g_ascii_strtoll (kind, NULL, 10);
          info.has_score = TRUE;
        }
    }
  if (pv->len > 0)
    {
      g_ptr_array_add (pv, NULL);
      info.pv = (GStrv) pv->pdata;
    }
  self->info_func (&info, self->info_data);
}

/* CECP thinking output: `ply score time nodes pv`, the score in centipawns and the time in
 * centiseconds. */
static gboolean
read_cecp_thinking (CaturEngineClient *self,
                    const char        *line)
{
  g_auto(GStrv) words = g_strsplit (line, " ", 5);
  g_autofree char *info = NULL;
  g_autofree char *score_text = NULL;
  gint64 score;

  if (g_strv_length (words) < 4 || !g_ascii_isdigit (words[0][0]))
    return FALSE;
  for (guint i = 0; i < 4; i++)
    if (!g_ascii_isdigit (words[i][0]) && words[i][0] != '-')
      return FALSE;
  score = g_ascii_strtoll (words[1], NULL, 10);
  /* XBoard's convention for a mate: 100000 + the moves to it. */
  if (ABS (score) > 99999)
    score_text = g_strdup_printf ("mate %" G_GINT64_FORMAT,
                                  score > 0 ? score - 100000 : score + 100000);
  else
    score_text = g_strdup_printf ("cp %" G_GINT64_FORMAT, score);
  info = g_strdup_printf ("depth %s score %s nodes %s time %" G_GUINT64_FORMAT " pv %s",
                          words[0], score_text, words[3],
                          g_ascii_strtoull (words[2], NULL, 10) * 10,
                          words[4] != NULL ? words[4] : "");
  read_info (self, info);
  return TRUE;
}

/* The engine's answer, in its own form: legal in the position searched, or the search fails. */
/* The reply the engine expects to its move (`bestmove e2e4 ponder e7e5`), kept when legal. */
static void
keep_ponder_move (CaturEngineClient *self,
                  const CaturMove   *move,
                  const char        *text)
{
  g_autoptr(CaturPosition) after = catur_position_copy (self->searched);
  g_autofree char *ours = catur_engine_forms_move_from_engine (self->forms, &self->geometry,
                                                               text);
  CaturMove reply, played = *move;

  catur_variant_play (self->variant, after, &played);
  if (catur_variant_parse_move (self->variant, after, ours, &reply, NULL)
      && catur_variant_is_legal (self->variant, after, &reply))
    self->ponder_move = g_steal_pointer (&ours);
}

static void
answer (CaturEngineClient *self,
        const char        *text,
        const char        *ponder)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *ours = NULL;
  g_autoptr(GError) error = NULL;
  CaturMove move;

  g_clear_pointer (&self->cecp_known, g_ptr_array_unref);
  if (text == NULL || *text == '\0' || g_str_equal (text, "(none)") || g_str_equal (text, "resign")
      || g_str_equal (text, "0000") || g_str_equal (text, "win"))
    {
      GError *none = g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_NO_MOVE,
                                  _("%s answered no move (“%s”)"), program_name (self),
                                  text != NULL ? text : "");

      self->phase = PHASE_IDLE;
      fail (self, none);
      return;
    }
  ours = catur_engine_forms_move_from_engine (self->forms, &self->geometry, text);
  if (!catur_variant_parse_move (self->variant, self->searched, ours, &move, &error)
      || !catur_variant_is_legal (self->variant, self->searched, &move))
    {
      give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_BAD_MOVE,
                                  _("%s answered “%s”, which is not a legal move here"),
                                  program_name (self), text));
      return;
    }
  if (ponder != NULL && self->ponder_allowed)
    keep_ponder_move (self, &move, ponder);
  if (self->protocol == CATUR_ENGINE_PROTOCOL_CECP && self->cecp_said != NULL)
    {
      /* In `hard` it plays on from here, thinking on the other side's time. */
      self->cecp_known = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < self->cecp_said->len; i++)
        g_ptr_array_add (self->cecp_known, g_strdup (g_ptr_array_index (self->cecp_said, i)));
      g_ptr_array_add (self->cecp_known, g_strdup (text));
    }
  task = g_object_ref (self->task);
  self->phase = PHASE_IDLE;
  clear_operation (self);
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_pointer (task, g_memdup2 (&move, sizeof move), g_free);
}

static gboolean
is_no_move (const char *line)
{
  return g_str_equal (line, "nobestmove") || g_str_equal (line, "resign")
         || g_str_has_prefix (line, "1-0") || g_str_has_prefix (line, "0-1")
         || g_str_has_prefix (line, "1/2-1/2");
}

static void ponder_ended (CaturEngineClient *self);

static void
handle_line (CaturEngineClient *self,
             const char        *line)
{
  const char *rest;

  g_debug ("%s > %s", program_name (self), line);
  switch (self->phase)
    {
    case PHASE_GREETING:
      if (self->protocol == CATUR_ENGINE_PROTOCOL_CECP)
        {
          if (g_str_has_prefix (line, "feature "))
            read_cecp_features (self, line + strlen ("feature "));
          /* The ping sent after `protover 2` is answered (or called unknown) after the
           * features of version 2: none before it is version 1. Waiting a fixed time instead,
           * as XBoard does, takes a version 2 engine slow to start on a busy machine for one. */
          else if (!self->cecp_features
                   && (g_str_equal (line, "pong 0") || g_str_has_prefix (line, "Error")))
            greeted (self);
          return;
        }
      if (g_str_has_prefix (line, "id name "))
        {
          g_free (self->name);
          self->name = g_strstrip (g_strdup (line + strlen ("id name ")));
        }
      else if (g_str_has_prefix (line, "id author "))
        {
          g_free (self->author);
          self->author = g_strstrip (g_strdup (line + strlen ("id author ")));
        }
      else if (g_str_has_prefix (line, "option "))
        read_uci_option (self, line + strlen ("option "));
      else if (g_str_equal (line, "uciok") || g_str_equal (line, "usiok")
               || g_str_equal (line, "ucciok"))
        greeted (self);
      return;
    case PHASE_READYING:
      if (g_str_equal (line, "readyok") || g_str_equal (line, "pong 1"))
        ready (self);
      return;
    case PHASE_THINKING:
      if (g_str_has_prefix (line, "info "))
        read_info (self, line + strlen ("info "));
      else if ((rest = g_str_has_prefix (line, "bestmove ") ? line + strlen ("bestmove ")
                : g_str_has_prefix (line, "move ") ? line + strlen ("move ") : NULL) != NULL)
        {
          g_auto(GStrv) words = g_strsplit (rest, " ", 4);
          const char *ponder = words[0] != NULL && words[1] != NULL && words[2] != NULL
                               && g_str_equal (words[1], "ponder") ? words[2] : NULL;

          answer (self, words[0], ponder);
        }
      else if (is_no_move (line))
        answer (self, NULL, NULL);
      else if (g_str_has_prefix (line, "tellusererror "))
        give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_BAD_MOVE,
                                    _("%s refused the game: %s"), program_name (self),
                                    line + strlen ("tellusererror ")));
      /* An "Error" answers a command the engine does not know (`post` to some): not fatal. */
      else if (self->protocol == CATUR_ENGINE_PROTOCOL_CECP
               && g_str_has_prefix (line, "Illegal move"))
        give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_BAD_MOVE,
                                    _("%s refused the game's moves: %s"), program_name (self),
                                    line));
      else if (self->protocol == CATUR_ENGINE_PROTOCOL_CECP)
        read_cecp_thinking (self, line);
      return;
    case PHASE_PONDERING:
      /* Its lines are of the position after the reply expected; a move answered before
       * ponderhit (engines should not) is kept for then. */
      if (g_str_has_prefix (line, "bestmove ") && self->ponder_answer == NULL)
        {
          g_auto(GStrv) words = g_strsplit (line + strlen ("bestmove "), " ", 2);

          self->ponder_answer = g_strdup (words[0] != NULL ? words[0] : "");
        }
      else if (is_no_move (line) && self->ponder_answer == NULL)
        self->ponder_answer = g_strdup ("");
      return;
    case PHASE_PONDER_STOPPING:
      if (g_str_has_prefix (line, "bestmove ") || is_no_move (line))
        ponder_ended (self);
      return;
    case PHASE_NEW:
    case PHASE_IDLE:
    case PHASE_DEAD:
    default:
      return;
    }
}

/* A line being read does not keep the client alive: dropped by its owner, it quits its
 * engine at once. */
static void
line_read_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  GWeakRef *weak = data;
  g_autoptr(CaturEngineClient) self = g_weak_ref_get (weak);
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  gsize length = 0;

  g_weak_ref_clear (weak);
  g_free (weak);
  line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result,
                                                    &length, &error);
  if (self == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      || self->phase == PHASE_DEAD)
    return;
  if (line == NULL)
    {
      give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_STOPPED,
                                  error != NULL ? _("%s stopped: %s") : _("%s stopped"),
                                  program_name (self), error != NULL ? error->message : ""));
      return;
    }
  self->bytes += length + 1;
  if (self->bytes > FLOOD_BYTES)
    {
      give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_FLOOD,
                                  _("%s wrote far more than an engine should; it was stopped"),
                                  program_name (self)));
      return;
    }
  g_strchomp (line);
  handle_line (self, line);
  if (self->phase != PHASE_DEAD)
    read_next_line (self);
}

static void
read_next_line (CaturEngineClient *self)
{
  GWeakRef *weak = g_new0 (GWeakRef, 1);

  g_weak_ref_init (weak, self);
  g_data_input_stream_read_line_async (self->output, G_PRIORITY_DEFAULT, self->reading,
                                       line_read_cb, weak);
}

static gboolean
timer_cb (gpointer data)
{
  CaturEngineClient *self = data;

  self->timer_id = 0;
  switch (self->phase)
    {
    case PHASE_GREETING:
      if (self->protocol == CATUR_ENGINE_PROTOCOL_CECP && !self->cecp_features)
        {
          /* Version 1: no features, nothing to wait for. */
          greeted (self);
          break;
        }
      give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_HANDSHAKE,
                                  _("%s did not answer as a %s engine"), program_name (self),
                                  catur_engine_protocol_to_id (self->protocol)));
      break;
    case PHASE_READYING:
      give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_HANDSHAKE,
                                  _("%s did not say it was ready"), program_name (self)));
      break;
    case PHASE_THINKING:
      if (!self->stop_sent)
        {
          catur_engine_client_stop (self);
          break;
        }
      give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_HUNG,
                                  _("%s did not answer in time, even when told to stop"),
                                  program_name (self)));
      break;
    case PHASE_PONDER_STOPPING:
      give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_HUNG,
                                  _("%s did not answer in time, even when told to stop"),
                                  program_name (self)));
      break;
    case PHASE_PONDERING:
    case PHASE_NEW:
    case PHASE_IDLE:
    case PHASE_DEAD:
    default:
      break;
    }
  return G_SOURCE_REMOVE;
}

/* Public */

static void
catur_engine_client_dispose (GObject *object)
{
  CaturEngineClient *self = CATUR_ENGINE_CLIENT (object);

  if (self->process != NULL)
    catur_engine_client_quit (self);
  clear_operation (self);

  G_OBJECT_CLASS (catur_engine_client_parent_class)->dispose (object);
}

static void
catur_engine_client_finalize (GObject *object)
{
  CaturEngineClient *self = CATUR_ENGINE_CLIENT (object);

  g_strfreev (self->argv);
  g_clear_object (&self->variant);
  g_free (self->name);
  g_free (self->author);
  g_clear_pointer (&self->options, g_ptr_array_unref);
  g_free (self->ponder_move);
  g_free (self->pondered);
  g_free (self->ponder_answer);
  g_free (self->cecp_start);
  g_clear_pointer (&self->cecp_said, g_ptr_array_unref);
  g_clear_pointer (&self->cecp_known, g_ptr_array_unref);

  G_OBJECT_CLASS (catur_engine_client_parent_class)->finalize (object);
}

static void
catur_engine_client_class_init (CaturEngineClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = catur_engine_client_dispose;
  object_class->finalize = catur_engine_client_finalize;
}

static void
catur_engine_client_init (CaturEngineClient *self)
{
  self->timeout_ms = DEFAULT_TIMEOUT_MS;
  self->options = g_ptr_array_new_with_free_func (option_free);
}

/**
 * catur_engine_client_new:
 * @argv: the engine's command line, its program first
 * @protocol: the protocol it speaks
 *
 * Returns: (transfer full): a client of an engine not started yet
 */
CaturEngineClient *
catur_engine_client_new (const char * const  *argv,
                         CaturEngineProtocol  protocol)
{
  CaturEngineClient *self;

  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  self = g_object_new (CATUR_TYPE_ENGINE_CLIENT, NULL);
  self->argv = g_strdupv ((char **) argv);
  self->protocol = protocol;
  return self;
}

/**
 * catur_engine_client_set_timeout:
 * @ms: how long the engine may take to greet and to say it is ready
 *
 * Default: ten seconds (engines that load large networks take a few).
 */
void
catur_engine_client_set_timeout (CaturEngineClient *self,
                                 guint              ms)
{
  g_return_if_fail (CATUR_IS_ENGINE_CLIENT (self));

  self->timeout_ms = MAX (ms, 1);
}

/**
 * catur_engine_client_start_async:
 * @variant: the game the engine is to play
 *
 * Starts the engine and greets it in its protocol: its name, author and options are read,
 * the game is set (`UCI_Variant`, CECP's `variant`), and it says it is ready. Fails with
 * %CATUR_ENGINE_ERROR when it does not start, does not answer in time, or cannot play
 * @variant.
 */
void
catur_engine_client_start_async (CaturEngineClient   *self,
                                 CaturVariant        *variant,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) command = NULL;
  GInputStream *stdout_pipe;

  g_return_if_fail (CATUR_IS_ENGINE_CLIENT (self));
  g_return_if_fail (CATUR_IS_VARIANT (variant));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, catur_engine_client_start_async);
  if (self->phase != PHASE_NEW)
    {
      g_task_return_new_error (task, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_BUSY,
                               _("%s was started already"), program_name (self));
      return;
    }
  g_set_object (&self->variant, variant);
  catur_variant_get_geometry (variant, &self->geometry);
  command = catur_engine_host_command ((const char * const *) self->argv);
  self->process = g_subprocess_newv ((const char * const *) command,
                                     G_SUBPROCESS_FLAGS_STDIN_PIPE
                                     | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                     | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error);
  if (self->process == NULL)
    {
      self->phase = PHASE_DEAD;
      g_task_return_new_error (task, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_START,
                               _("%s did not start: %s"), self->argv[0], error->message);
      return;
    }
  stdout_pipe = g_subprocess_get_stdout_pipe (self->process);
  self->output = g_data_input_stream_new (stdout_pipe);
  g_data_input_stream_set_newline_type (self->output, G_DATA_STREAM_NEWLINE_TYPE_ANY);
  self->input = G_POLLABLE_OUTPUT_STREAM (g_object_ref (g_subprocess_get_stdin_pipe (
    self->process)));
  self->reading = g_cancellable_new ();
  self->task = g_steal_pointer (&task);
  self->phase = PHASE_GREETING;
  read_next_line (self);
  switch (self->protocol)
    {
    case CATUR_ENGINE_PROTOCOL_USI:
      send_line (self, "usi");
      break;
    case CATUR_ENGINE_PROTOCOL_UCCI:
      send_line (self, "ucci");
      break;
    case CATUR_ENGINE_PROTOCOL_CECP:
      send_line (self, "xboard");
      send_line (self, "protover 2");
      send_line (self, "ping 0");
      break;
    case CATUR_ENGINE_PROTOCOL_UCI:
    default:
      send_line (self, "uci");
      break;
    }
  if (self->phase == PHASE_GREETING)
    start_timer (self, self->timeout_ms);
}

/**
 * catur_engine_client_start_finish:
 *
 * Returns: whether the engine is ready to play
 */
gboolean
catur_engine_client_start_finish (CaturEngineClient  *self,
                                  GAsyncResult       *result,
                                  GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Returns: (nullable): the engine's name, as it gives it, once it has answered */
const char *
catur_engine_client_get_name (CaturEngineClient *self)
{
  g_return_val_if_fail (CATUR_IS_ENGINE_CLIENT (self), NULL);

  return self->name;
}

/* Returns: (nullable): the engine's author, as it gives it (UCI and USI) */
const char *
catur_engine_client_get_author (CaturEngineClient *self)
{
  g_return_val_if_fail (CATUR_IS_ENGINE_CLIENT (self), NULL);

  return self->author;
}

/* Returns: (transfer none) (element-type CaturEngineOption): the options it declared */
GPtrArray *
catur_engine_client_get_options (CaturEngineClient *self)
{
  g_return_val_if_fail (CATUR_IS_ENGINE_CLIENT (self), NULL);

  return self->options;
}

/* Returns: (nullable): how the game is spoken to it, once it has answered */
const CaturEngineForms *
catur_engine_client_get_forms (CaturEngineClient *self)
{
  g_return_val_if_fail (CATUR_IS_ENGINE_CLIENT (self), NULL);

  return self->forms;
}

/* Returns: whether the engine's process runs and answers */
gboolean
catur_engine_client_get_running (CaturEngineClient *self)
{
  g_return_val_if_fail (CATUR_IS_ENGINE_CLIENT (self), FALSE);

  return self->process != NULL && self->phase != PHASE_DEAD;
}

/**
 * catur_engine_client_set_option:
 * @name: an option the engine declared
 * @value: (nullable): its new value, as text; %NULL for a button
 *
 * Returns: %FALSE with @error set when the engine has no such option, or the value does not
 *   fit it (a spin out of its range, a combo not among its choices)
 */
gboolean
catur_engine_client_set_option (CaturEngineClient  *self,
                                const char         *name,
                                const char         *value,
                                GError            **error)
{
  CaturEngineOption *option;

  g_return_val_if_fail (CATUR_IS_ENGINE_CLIENT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  option = find_option (self, name);
  if (option == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s has no option “%s”"), program_name (self), name);
      return FALSE;
    }
  if (option->type == CATUR_ENGINE_OPTION_SPIN && value != NULL)
    {
      gint64 number;

      if (!g_ascii_string_to_signed (value, 10, option->min, option->max, &number, NULL))
        {
          g_autofree char *min = g_strdup_printf ("%" G_GINT64_FORMAT, option->min);
          g_autofree char *max = g_strdup_printf ("%" G_GINT64_FORMAT, option->max);

          /* Translators: an engine's option and its range, "Skill Level must be a number from
           * 0 to 20" */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("%s must be a number from %s to %s"), option->name, min, max);
          return FALSE;
        }
    }
  if (option->type == CATUR_ENGINE_OPTION_COMBO && option->choices != NULL && value != NULL
      && !g_strv_contains ((const char * const *) option->choices, value))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a choice of %s"), value, option->name);
      return FALSE;
    }
  if (option->type == CATUR_ENGINE_OPTION_CHECK && value != NULL)
    value = g_str_equal (value, "true") || g_str_equal (value, "1") ? "true" : "false";
  if (is_ponder_option (option->name))
    {
      self->ponder_allowed = value != NULL && g_str_equal (value, "true");
      if (self->protocol == CATUR_ENGINE_PROTOCOL_CECP)
        {
          send_line (self, self->ponder_allowed ? "hard" : "easy");
          return TRUE;
        }
    }
  if (self->protocol == CATUR_ENGINE_PROTOCOL_CECP && option->type == CATUR_ENGINE_OPTION_CHECK
      && value != NULL)
    value = g_str_equal (value, "true") ? "1" : "0";
  send_option (self, option->name, option->type == CATUR_ENGINE_OPTION_BUTTON ? NULL : value);
  return TRUE;
}

/**
 * catur_engine_client_new_game:
 *
 * Tells the engine that the next search belongs to a new game (`ucinewgame`, `usinewgame`).
 */
void
catur_engine_client_new_game (CaturEngineClient *self)
{
  g_return_if_fail (CATUR_IS_ENGINE_CLIENT (self));

  if (self->phase == PHASE_PONDERING || self->phase == PHASE_PONDER_STOPPING)
    {
      /* Said once the ponder search has answered its stop. */
      self->new_game_waiting = TRUE;
      stop_pondering (self);
      return;
    }
  if (self->phase != PHASE_IDLE)
    return;
  g_clear_pointer (&self->cecp_known, g_ptr_array_unref);
  if (self->protocol == CATUR_ENGINE_PROTOCOL_UCI)
    send_line (self, "ucinewgame");
  else if (self->protocol == CATUR_ENGINE_PROTOCOL_USI)
    send_line (self, "usinewgame");
}

static gboolean
stop_cb (gpointer data)
{
  catur_engine_client_stop (data);
  return G_SOURCE_REMOVE;
}

static void
go_cancelled_cb (GCancellable      *cancellable,
                 CaturEngineClient *self)
{
  /* Perhaps in another thread: the stop goes out from the main context. */
  g_idle_add_full (G_PRIORITY_HIGH, stop_cb, g_object_ref (self), g_object_unref);
}

static gboolean
is_standard_start (CaturEngineClient *self,
                   const char        *text)
{
  g_autoptr(CaturPosition) standard = catur_variant_new_position (self->variant, NULL, 1);
  g_autofree char *standard_text = catur_variant_format (self->variant, standard);

  return g_str_equal (text, standard_text);
}

/* The moves in the engine's form, and the position they reach (to @reached). */
static GPtrArray *
engine_moves (CaturEngineClient    *self,
              const CaturPosition  *start,
              const CaturMove      *moves,
              guint                 n_moves,
              CaturPosition       **reached)
{
  g_autoptr(CaturPosition) position = catur_position_copy (start);
  const char *notation = catur_variant_get_coordinate_notation (self->variant);
  GPtrArray *said = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_moves; i++)
    {
      CaturMove move = moves[i];
      g_autofree char *ours = catur_variant_format_move (self->variant, position, &move,
                                                        notation);

      g_ptr_array_add (said, catur_engine_forms_move_to_engine (self->forms, &self->geometry,
                                                                ours));
      catur_variant_play (self->variant, position, &move);
    }
  *reached = g_steal_pointer (&position);
  return said;
}

/* `position fen … moves …` (UCI, USI, UCCI). */
static char *
position_line (CaturEngineClient   *self,
               const CaturPosition *start,
               GPtrArray           *said)
{
  g_autofree char *text = catur_variant_format (self->variant, start);
  g_autofree char *theirs = catur_engine_forms_position_to_engine (self->forms, text);
  GString *line = g_string_new (NULL);

  g_string_append_printf (line, "position %s %s", self->forms->position_keyword, theirs);
  if (said->len > 0)
    g_string_append (line, " moves");
  for (guint i = 0; i < said->len; i++)
    g_string_append_printf (line, " %s", (const char *) g_ptr_array_index (said, i));
  return g_string_free (line, FALSE);
}

static gboolean
same_moves (GPtrArray *a,
            GPtrArray *b,
            guint      n)
{
  if (a->len < n || b->len < n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!g_str_equal (g_ptr_array_index (a, i), g_ptr_array_index (b, i)))
      return FALSE;
  return TRUE;
}

static void
send_position (CaturEngineClient   *self,
               const CaturPosition *start,
               const CaturMove     *moves,
               guint                n_moves)
{
  g_autofree char *text = catur_variant_format (self->variant, start);
  g_autofree char *theirs = catur_engine_forms_position_to_engine (self->forms, text);
  g_autoptr(GPtrArray) said = engine_moves (self, start, moves, n_moves, &self->searched);
  g_autofree char *line = NULL;

  if (self->protocol == CATUR_ENGINE_PROTOCOL_CECP)
    {
      send_line (self, "new");
      if (self->forms->variant_name != NULL)
        send_line (self, "variant %s", self->forms->variant_name);
      send_line (self, "force");
      /* As XBoard does: the standard start is the engine's own after `new` (engines differ in
       * the FEN they read: HoiXiangqi's has no castling fields); any other needs setboard. */
      if (!is_standard_start (self, text))
        {
          if (!self->cecp_setboard)
            {
              give_up (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_GAME,
                                          _("%s cannot start from a position of its own"),
                                          program_name (self)));
              return;
            }
          send_line (self, "setboard %s", theirs);
        }
      for (guint i = 0; i < said->len; i++)
        send_line (self, "%s%s", self->cecp_usermove ? "usermove " : "",
                   (const char *) g_ptr_array_index (said, i));
      /* Known to the engine: what a search in `hard` continues from. */
      g_clear_pointer (&self->cecp_said, g_ptr_array_unref);
      self->cecp_said = g_steal_pointer (&said);
      g_free (self->cecp_start);
      self->cecp_start = g_strdup (text);
      return;
    }
  line = position_line (self, start, said);
  send_line (self, "%s", line);
}

/* The go line, and how long the search may take before it is told to stop (0: no limit). */
static guint
go_movetime (const CaturEngineGo *go)
{
  if (!go->timed && go->depth == 0 && go->nodes == 0 && !go->infinite && go->movetime == 0)
    return 1000;
  return go->movetime;
}

/* How long a search of @go may take before it is told to stop (0: no limit), @mover to move. */
static guint
go_limit (const CaturEngineGo *go,
          CaturSide            mover)
{
  guint movetime = go_movetime (go);

  if (go->infinite || (!go->timed && movetime == 0))
    return 0;
  if (go->timed)
    return (guint) MIN (go->time[mover] + go->increment[mover] + go->byoyomi, G_MAXUINT / 2);
  return movetime;
}

/* CECP's clocks before a move: the engine's own and the other side's, in centiseconds. */
static void
send_cecp_clocks (CaturEngineClient   *self,
                  const CaturEngineGo *go,
                  CaturSide            mover)
{
  CaturSide other = mover == CATUR_SIDE_FIRST ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;

  send_line (self, "time %" G_GINT64_FORMAT, go->time[mover] / 10);
  send_line (self, "otim %" G_GINT64_FORMAT, go->time[other] / 10);
}

/* @ponder: `go ponder`, the position being the one after the reply expected. */
static guint
send_go (CaturEngineClient   *self,
         const CaturEngineGo *go,
         gboolean             ponder)
{
  CaturSide mover = catur_variant_side_to_move (self->variant, self->searched);
  CaturSide other = mover == CATUR_SIDE_FIRST ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;
  g_autoptr(GString) line = g_string_new (ponder ? "go ponder" : "go");
  guint movetime = go_movetime (go);

  if (self->protocol == CATUR_ENGINE_PROTOCOL_CECP)
    {
      send_line (self, "post");
      if (go->depth > 0)
        send_line (self, "sd %u", go->depth);
      if (go->timed)
        {
          gint64 base = go->time[mover] / 1000;

          send_line (self, "level 0 %" G_GINT64_FORMAT ":%02" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                     base / 60, base % 60, go->increment[mover] / 1000);
          send_cecp_clocks (self, go, mover);
        }
      else if (movetime > 0)
        send_line (self, "st %u", MAX ((movetime + 999) / 1000, 1));
      send_line (self, "go");
    }
  else if (self->protocol == CATUR_ENGINE_PROTOCOL_UCCI)
    {
      if (go->timed)
        g_string_append_printf (line, " time %" G_GINT64_FORMAT " increment %" G_GINT64_FORMAT
                                " opptime %" G_GINT64_FORMAT, go->time[mover],
                                go->increment[mover], go->time[other]);
      else if (movetime > 0)
        g_string_append_printf (line, " time %u movestogo 1", movetime);
      if (go->depth > 0)
        g_string_append_printf (line, " depth %u", go->depth);
      if (go->nodes > 0)
        g_string_append_printf (line, " nodes %" G_GUINT64_FORMAT, go->nodes);
      if (go->infinite)
        g_string_append (line, " infinite");
      send_line (self, "%s", line->str);
    }
  else
    {
      /* UCI's w is the first side; USI's b (sente) is the first side too. */
      const char *first = self->protocol == CATUR_ENGINE_PROTOCOL_USI ? "btime" : "wtime";
      const char *second = self->protocol == CATUR_ENGINE_PROTOCOL_USI ? "wtime" : "btime";
      const char *first_inc = self->protocol == CATUR_ENGINE_PROTOCOL_USI ? "binc" : "winc";
      const char *second_inc = self->protocol == CATUR_ENGINE_PROTOCOL_USI ? "winc" : "binc";

      if (go->timed)
        {
          g_string_append_printf (line, " %s %" G_GINT64_FORMAT " %s %" G_GINT64_FORMAT, first,
                                  go->time[CATUR_SIDE_FIRST], second,
                                  go->time[CATUR_SIDE_SECOND]);
          if (go->byoyomi > 0)
            g_string_append_printf (line, " byoyomi %" G_GINT64_FORMAT, go->byoyomi);
          else
            g_string_append_printf (line, " %s %" G_GINT64_FORMAT " %s %" G_GINT64_FORMAT,
                                    first_inc, go->increment[CATUR_SIDE_FIRST], second_inc,
                                    go->increment[CATUR_SIDE_SECOND]);
        }
      else if (movetime > 0 && self->protocol == CATUR_ENGINE_PROTOCOL_USI)
        /* USI has no movetime: no main time, and the time as a byoyomi. */
        g_string_append_printf (line, " btime 0 wtime 0 byoyomi %u", movetime);
      else if (movetime > 0)
        g_string_append_printf (line, " movetime %u", movetime);
      if (go->depth > 0)
        g_string_append_printf (line, " depth %u", go->depth);
      if (go->nodes > 0)
        g_string_append_printf (line, " nodes %" G_GUINT64_FORMAT, go->nodes);
      if (go->infinite)
        g_string_append (line, " infinite");
      for (guint i = 0; go->searchmoves != NULL && go->searchmoves[i] != NULL; i++)
        {
          g_autofree char *theirs = catur_engine_forms_move_to_engine (self->forms,
                                                                       &self->geometry,
                                                                       go->searchmoves[i]);

          g_string_append_printf (line, "%s %s", i == 0 ? " searchmoves" : "", theirs);
        }
      send_line (self, "%s", line->str);
    }
  return go_limit (go, mover);
}

/* Sends the search of the operation in progress (self->task). */
static void
begin_search (CaturEngineClient   *self,
              const CaturPosition *start,
              const CaturMove     *moves,
              guint                n_moves,
              const CaturEngineGo *go)
{
  guint limit;

  self->bytes = 0;
  self->phase = PHASE_THINKING;
  send_position (self, start, moves, n_moves);
  if (self->phase != PHASE_THINKING)
    return;
  limit = send_go (self, go, FALSE);
  if (self->phase != PHASE_THINKING)
    return;
  if (limit > 0)
    start_timer (self, limit + OVERRUN_MS);
}

/* The ponder search answered its stop (or had answered before): the search waiting, if any,
 * begins. */
static void
ponder_ended (CaturEngineClient *self)
{
  g_autoptr(CaturPosition) start = g_steal_pointer (&self->waiting_start);
  g_autoptr(GArray) moves = g_steal_pointer (&self->waiting_moves);
  CaturEngineGo go = self->waiting_go;
  gboolean waiting = self->waiting;

  g_clear_handle_id (&self->timer_id, g_source_remove);
  g_clear_pointer (&self->pondered, g_free);
  g_clear_pointer (&self->ponder_answer, g_free);
  self->phase = PHASE_IDLE;
  self->stop_sent = FALSE;
  self->waiting = FALSE;
  if (self->new_game_waiting)
    {
      self->new_game_waiting = FALSE;
      catur_engine_client_new_game (self);
    }
  if (!waiting || self->task == NULL)
    return;
  if (g_cancellable_is_cancelled (g_task_get_cancellable (self->task)))
    {
      g_autoptr(GTask) task = g_object_ref (self->task);

      clear_operation (self);
      g_task_return_error_if_cancelled (task);
      return;
    }
  begin_search (self, start, (const CaturMove *) moves->data, moves->len, &go);
}

/* Tells the ponder search to stop; its answer is not the game's move. */
static void
stop_pondering (CaturEngineClient *self)
{
  if (self->phase != PHASE_PONDERING)
    return;
  if (self->ponder_answer != NULL)
    {
      /* It answered already: nothing to stop. */
      ponder_ended (self);
      return;
    }
  self->phase = PHASE_PONDER_STOPPING;
  self->stop_sent = TRUE;
  send_line (self, "stop");
  if (self->phase == PHASE_PONDER_STOPPING)
    start_timer (self, STOP_GRACE_MS);
}

/* The person played the reply expected: the ponder search goes on as the search asked for. */
static gboolean
ponder_hit (CaturEngineClient   *self,
            const CaturPosition *start,
            const CaturMove     *moves,
            guint                n_moves,
            const CaturEngineGo *go)
{
  g_autoptr(CaturPosition) reached = NULL;
  g_autoptr(GPtrArray) said = engine_moves (self, start, moves, n_moves, &reached);
  g_autofree char *line = position_line (self, start, said);
  guint limit;

  if (self->pondered == NULL || !g_str_equal (line, self->pondered))
    return FALSE;
  g_clear_pointer (&self->pondered, g_free);
  g_clear_pointer (&self->searched, catur_position_free);
  self->searched = g_steal_pointer (&reached);
  self->phase = PHASE_THINKING;
  self->bytes = 0;
  if (self->ponder_answer != NULL)
    {
      g_autofree char *early = g_steal_pointer (&self->ponder_answer);

      answer (self, early, NULL);
      return TRUE;
    }
  send_line (self, "ponderhit");
  if (self->phase != PHASE_THINKING)
    return TRUE;
  /* A move time counts from here: an engine that counted it from `go ponder` answers at
   * once, one that waits is told to stop when it is over. */
  limit = go_limit (go, catur_variant_side_to_move (self->variant, self->searched));
  if (limit > 0)
    start_timer (self, limit + (go->timed ? OVERRUN_MS : 0));
  return TRUE;
}

/* CECP in `hard`: the engine played its move and thinks on. When the game went on by one move
 * from there, that move alone is sent, and it answers from what it pondered. */
static gboolean
cecp_play_on (CaturEngineClient   *self,
              const CaturPosition *start,
              const CaturMove     *moves,
              guint                n_moves,
              const CaturEngineGo *go)
{
  g_autoptr(CaturPosition) reached = NULL;
  g_autoptr(GPtrArray) said = engine_moves (self, start, moves, n_moves, &reached);
  g_autofree char *text = catur_variant_format (self->variant, start);
  guint known = self->cecp_known->len;
  CaturSide mover;
  guint limit;

  if (said->len != known + 1 || !same_moves (said, self->cecp_known, known)
      || self->cecp_start == NULL || !g_str_equal (text, self->cecp_start))
    return FALSE;
  g_clear_pointer (&self->cecp_known, g_ptr_array_unref);
  g_clear_pointer (&self->searched, catur_position_free);
  self->searched = g_steal_pointer (&reached);
  mover = catur_variant_side_to_move (self->variant, self->searched);
  self->phase = PHASE_THINKING;
  self->bytes = 0;
  if (go->timed)
    send_cecp_clocks (self, go, mover);
  send_line (self, "%s%s", self->cecp_usermove ? "usermove " : "",
             (const char *) g_ptr_array_index (said, known));
  g_clear_pointer (&self->cecp_said, g_ptr_array_unref);
  self->cecp_said = g_steal_pointer (&said);
  if (self->phase != PHASE_THINKING)
    return TRUE;
  limit = go_limit (go, mover);
  if (limit > 0)
    start_timer (self, limit + OVERRUN_MS);
  return TRUE;
}

/**
 * catur_engine_client_go_async:
 * @start: the game's start position
 * @moves: (array length=n_moves): the moves played since
 * @go: the limits of the search
 * @info_func: (nullable) (scope notified): called in this context with what the engine says
 *   while it thinks, until the search ends
 * @cancellable: (nullable): cancelling stops the search; it then fails with
 *   %G_IO_ERROR_CANCELLED once the engine has answered
 *
 * Asks the engine for a move in the position after @moves. The search is told to stop when it
 * runs over its time (its move time, or all the time on its clock), and given up when it still
 * does not answer.
 */
void
catur_engine_client_go_async (CaturEngineClient   *self,
                              const CaturPosition *start,
                              const CaturMove     *moves,
                              guint                n_moves,
                              const CaturEngineGo *go,
                              CaturEngineInfoFunc  info_func,
                              gpointer             info_data,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (CATUR_IS_ENGINE_CLIENT (self));
  g_return_if_fail (start != NULL && go != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, catur_engine_client_go_async);
  g_clear_pointer (&self->ponder_move, g_free);
  if ((self->phase == PHASE_PONDERING || self->phase == PHASE_PONDER_STOPPING) && !self->waiting
      && self->task == NULL)
    {
      self->task = g_steal_pointer (&task);
      self->info_func = info_func;
      self->info_data = info_data;
      if (cancellable != NULL)
        self->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (go_cancelled_cb),
                                                    self, NULL);
      if (self->phase == PHASE_PONDERING && ponder_hit (self, start, moves, n_moves, go))
        return;
      /* Missed: the search of this position waits for the ponder search to stop. */
      self->waiting = TRUE;
      self->waiting_start = catur_position_copy (start);
      self->waiting_moves = g_array_sized_new (FALSE, FALSE, sizeof (CaturMove), n_moves);
      g_array_append_vals (self->waiting_moves, moves, n_moves);
      self->waiting_go = *go;
      stop_pondering (self);
      return;
    }
  if (self->phase == PHASE_IDLE && self->protocol == CATUR_ENGINE_PROTOCOL_CECP
      && self->ponder_allowed && self->cecp_known != NULL)
    {
      self->task = g_steal_pointer (&task);
      self->info_func = info_func;
      self->info_data = info_data;
      if (cecp_play_on (self, start, moves, n_moves, go))
        {
          if (cancellable != NULL && self->phase == PHASE_THINKING)
            self->cancelled_id = g_cancellable_connect (cancellable,
                                                        G_CALLBACK (go_cancelled_cb), self,
                                                        NULL);
          return;
        }
      task = g_steal_pointer (&self->task);
    }
  if (self->phase != PHASE_IDLE)
    {
      if (self->phase == PHASE_DEAD)
        g_task_return_new_error (task, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_STOPPED,
                                 _("%s is not running"), program_name (self));
      else
        g_task_return_new_error (task, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_BUSY,
                                 _("%s is busy"), program_name (self));
      return;
    }
  self->task = g_steal_pointer (&task);
  self->info_func = info_func;
  self->info_data = info_data;
  begin_search (self, start, moves, n_moves, go);
  if (self->phase != PHASE_THINKING)
    return;
  if (cancellable != NULL)
    self->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (go_cancelled_cb), self,
                                                NULL);
}

/**
 * catur_engine_client_go_finish:
 * @move: (out): the engine's move, legal in the position searched
 *
 * Returns: whether the engine answered a legal move
 */
gboolean
catur_engine_client_go_finish (CaturEngineClient  *self,
                               GAsyncResult       *result,
                               CaturMove          *move,
                               GError            **error)
{
  g_autofree CaturMove *answer = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  answer = g_task_propagate_pointer (G_TASK (result), error);
  if (answer == NULL)
    return FALSE;
  if (move != NULL)
    *move = *answer;
  return TRUE;
}

/**
 * catur_engine_client_ponder:
 * @start: the game's start position
 * @moves: (array length=n_moves): the moves played since, the last the reply the engine
 *   expects to its move (catur_engine_client_get_ponder_move())
 * @go: the limits of the search to come, the clocks as they stand after the engine's move
 *
 * Lets the engine think on the opponent's time (`go ponder`), when its Ponder option allows
 * it. The next catur_engine_client_go_async() of the same position sends `ponderhit`; of
 * another, `stop`, the ponder search's answer dropped, and its own search. Not for CECP, whose
 * engines in `hard` ponder by themselves.
 *
 * Returns: whether the engine ponders
 */
gboolean
catur_engine_client_ponder (CaturEngineClient   *self,
                            const CaturPosition *start,
                            const CaturMove     *moves,
                            guint                n_moves,
                            const CaturEngineGo *go)
{
  g_autoptr(CaturPosition) reached = NULL;
  g_autoptr(GPtrArray) said = NULL;

  g_return_val_if_fail (CATUR_IS_ENGINE_CLIENT (self), FALSE);
  g_return_val_if_fail (start != NULL && go != NULL, FALSE);

  if (self->phase != PHASE_IDLE || !self->ponder_allowed
      || self->protocol == CATUR_ENGINE_PROTOCOL_CECP)
    return FALSE;
  said = engine_moves (self, start, moves, n_moves, &reached);
  g_free (self->pondered);
  self->pondered = position_line (self, start, said);
  g_clear_pointer (&self->ponder_answer, g_free);
  send_line (self, "%s", self->pondered);
  if (self->phase != PHASE_IDLE)
    return FALSE;
  self->searched = g_steal_pointer (&reached);
  self->phase = PHASE_PONDERING;
  self->bytes = 0;
  send_go (self, go, TRUE);
  g_clear_pointer (&self->searched, catur_position_free);
  return self->phase == PHASE_PONDERING;
}

/* Returns: (nullable): the reply the engine expects to its last move, in the game's
 *   coordinates, legal; only when pondering is allowed */
const char *
catur_engine_client_get_ponder_move (CaturEngineClient *self)
{
  g_return_val_if_fail (CATUR_IS_ENGINE_CLIENT (self), NULL);

  return self->ponder_move;
}

/* Returns: whether the engine's Ponder option (CECP: `hard`) lets it think on the opponent's
 *   time */
gboolean
catur_engine_client_get_ponder (CaturEngineClient *self)
{
  g_return_val_if_fail (CATUR_IS_ENGINE_CLIENT (self), FALSE);

  return self->ponder_allowed;
}

/* Returns: whether a ponder search runs */
gboolean
catur_engine_client_get_pondering (CaturEngineClient *self)
{
  g_return_val_if_fail (CATUR_IS_ENGINE_CLIENT (self), FALSE);

  return self->phase == PHASE_PONDERING;
}

/**
 * catur_engine_client_stop:
 *
 * Tells a thinking engine to answer now (`stop`, CECP's `?`). It is given up when it does not
 * answer within two seconds.
 */
void
catur_engine_client_stop (CaturEngineClient *self)
{
  g_return_if_fail (CATUR_IS_ENGINE_CLIENT (self));

  if (self->phase == PHASE_PONDERING)
    {
      stop_pondering (self);
      return;
    }
  if (self->phase != PHASE_THINKING || self->stop_sent)
    return;
  self->stop_sent = TRUE;
  send_line (self, self->protocol == CATUR_ENGINE_PROTOCOL_CECP ? "?" : "stop");
  if (self->phase == PHASE_THINKING)
    start_timer (self, STOP_GRACE_MS);
}

static gboolean
kill_cb (gpointer data)
{
  g_subprocess_force_exit (data);
  return G_SOURCE_REMOVE;
}

/**
 * catur_engine_client_quit:
 *
 * Tells the engine to quit, and kills it if it is still there a second later. An operation in
 * progress fails.
 */
void
catur_engine_client_quit (CaturEngineClient *self)
{
  g_autoptr(GSubprocess) process = NULL;

  g_return_if_fail (CATUR_IS_ENGINE_CLIENT (self));

  if (self->process == NULL)
    return;
  if ((self->phase == PHASE_THINKING || self->phase == PHASE_PONDERING
       || self->phase == PHASE_PONDER_STOPPING)
      && self->protocol != CATUR_ENGINE_PROTOCOL_CECP)
    send_line (self, "stop");
  send_line (self, "quit");
  if (self->process == NULL)
    return;
  process = g_object_ref (self->process);
  g_timeout_add_full (G_PRIORITY_DEFAULT, QUIT_GRACE_MS, kill_cb, g_object_ref (process),
                      g_object_unref);
  if (self->reading != NULL)
    g_cancellable_cancel (self->reading);
  g_clear_object (&self->reading);
  g_clear_object (&self->process);
  g_clear_object (&self->output);
  g_clear_object (&self->input);
  self->phase = PHASE_DEAD;
  if (self->task != NULL)
    fail (self, g_error_new (CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_STOPPED,
                             _("%s was told to quit"), program_name (self)));
}
