/* catur-variant-options.c: the variant contract's rule options and time limit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game may be played under options that its position text does not tell (a move limit, the
 * time a move may take): apply_options() gives them back to a position read from a text, so
 * that a resumed or reopened game keeps its rules. The per-move time limit is one of them;
 * the usual option for it is offered here, so that every game that has one names it alike.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "catur.h"
#include "catur-variant-private.h"

#define IFACE(self) CATUR_VARIANT_IFACE (self)

/* The id of the usual time-limit option, and the name of the settings key keeping it. */
#define MOVE_TIME_ID "move-time"

/**
 * catur_variant_apply_options:
 * @position: a start position, read from a text or just made
 * @options: (nullable): the rule options (a{sv}) of its game
 *
 * Gives @position the rule options its text does not tell (see apply_options in
 * #CaturVariantInterface); nothing for a game without them, or %NULL @options.
 */
void
catur_variant_apply_options (CaturVariant  *self,
                             CaturPosition *position,
                             GVariant      *options)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (position != NULL && position->variant == self);
  g_return_if_fail (options == NULL || g_variant_is_of_type (options, G_VARIANT_TYPE_VARDICT));

  if (options == NULL || IFACE (self)->apply_options == NULL)
    return;
  IFACE (self)->apply_options (self, position, options);
}

/**
 * catur_variant_get_move_time:
 *
 * Returns: the seconds the player to move in @position has for the move; 0 for no limit
 */
guint
catur_variant_get_move_time (CaturVariant        *self,
                             const CaturPosition *position)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), 0);
  g_return_val_if_fail (position != NULL, 0);

  if (IFACE (self)->get_move_time == NULL)
    return 0;
  return IFACE (self)->get_move_time (self, position);
}

/**
 * catur_variant_time_out:
 * @position: the position whose player to move ran out of time
 * @history: (nullable): the game's positions up to @position, as for catur_variant_status()
 * @time_outs: how many times in a row that seat has run out of time, this one included
 * @move: (out caller-allocates): the move to play for the player, when %TRUE
 * @outcome: (out caller-allocates): the end of the game, when %FALSE
 *
 * What running out of time does: a move played for the player, or the end of the game. The
 * variant is asked about what the players see (an observation, for a game with hidden pieces),
 * so that the move it picks learns nothing of the face-down layout. A move that is not legal
 * in @position is refused: the player to move loses then, as without the method.
 *
 * Returns: %TRUE when @move is to be played, %FALSE when @outcome ends the game
 */
gboolean
catur_variant_time_out (CaturVariant          *self,
                        const CaturPosition   *position,
                        const CaturRepetition *history,
                        guint                  time_outs,
                        CaturMove             *move,
                        CaturOutcome          *outcome)
{
  g_autoptr(CaturPosition) owned = NULL;
  const CaturPosition *seen;
  CaturSide side;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (move != NULL && outcome != NULL, FALSE);

  side = catur_variant_side_to_move (self, position);
  catur_outcome_init (outcome);
  seen = catur_variant_public_view (self, position, &owned);
  if (IFACE (self)->time_out != NULL)
    {
      if (IFACE (self)->time_out (self, seen, history, MAX (time_outs, 1), move, outcome))
        {
          if (catur_variant_is_legal (self, position, move))
            return TRUE;
          g_critical ("%s: the move played on a time-out is not legal",
                      catur_variant_get_id (self));
        }
      else if (outcome->result != CATUR_RESULT_ONGOING)
        return FALSE;
    }

  catur_outcome_init (outcome);
  outcome->result = CATUR_RESULT_WIN;
  outcome->winner = catur_side_other (side);
  outcome->reason = CATUR_REASON_TIME_OUT;
  return FALSE;
}

/**
 * catur_setup_option_move_time:
 *
 * The usual per-move time-limit option, `move-time`: off (the first choice, the standard
 * game's), 30 seconds or 60 seconds. A game with a time limit puts a copy in its setup options
 * and reads it with catur_setup_option_get_move_time().
 *
 * Returns: (transfer none): the option, translated, living as long as the program
 */
const CaturSetupOption *
catur_setup_option_move_time (void)
{
  static CaturSetupChoice choices[3];
  static CaturSetupOption option;
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      choices[0] = (CaturSetupChoice) { "off", _("No Limit") };
      /* Translators: a choice of the time a move may take */
      choices[1] = (CaturSetupChoice) { "30", _("30 Seconds a Move") };
      /* Translators: a choice of the time a move may take */
      choices[2] = (CaturSetupChoice) { "60", _("60 Seconds a Move") };
      option = (CaturSetupOption) {
        .id = MOVE_TIME_ID,
        .label = _("Time Limit"),
        .description = _("How long each move may take"),
        .choices = choices,
        .n_choices = G_N_ELEMENTS (choices),
      };
      g_once_init_leave (&initialised, 1);
    }
  return &option;
}

/**
 * catur_setup_option_get_move_time:
 * @options: (nullable): options as new_position() and apply_options() receive them (a{sv})
 *
 * Returns: the seconds a move may take under @options' `move-time`; 0 for no limit, an absent
 *   option, or a value that is not one of its choices
 */
guint
catur_setup_option_get_move_time (GVariant *options)
{
  const char *value = catur_setup_option_get_value (catur_setup_option_move_time (), options);
  guint64 seconds;

  if (!g_ascii_string_to_unsigned (value, 10, 1, 3600, &seconds, NULL))
    return 0;
  return (guint) seconds;
}

/* The game clock option */

typedef struct
{
  CaturSetupOption *options;
  guint n_options;
  CaturSetupChoice *choices;
  char **texts;
} ClockOptions;

static void
clock_options_free (gpointer data)
{
  ClockOptions *cache = data;

  g_free (cache->options);
  for (guint i = 0; cache->texts != NULL && cache->texts[i] != NULL; i++)
    g_free ((char *) cache->choices[i].label);
  g_free (cache->choices);
  g_strfreev (cache->texts);
  g_free (cache);
}

G_LOCK_DEFINE_STATIC (clock_options);

/**
 * catur_variant_add_clock_option:
 * @own: (array length=n_own) (nullable): the options the variant declares
 * @n_options: (out): the number of options returned
 *
 * The variant's options followed by the game clock, `clock`: "No Clock" and the variant's
 * clock presets, each named by catur_time_control_describe(). Made once a variant and kept
 * with it (the options live as long as the program, as the variant's own do).
 *
 * Returns: (array length=n_options) (nullable): the options
 */
const CaturSetupOption *
catur_variant_add_clock_option (CaturVariant           *self,
                                const CaturSetupOption *own,
                                guint                   n_own,
                                guint                  *n_options)
{
  static GQuark quark = 0;
  const char * const *presets;
  ClockOptions *cache;
  guint n_presets = 0;

  presets = CATUR_VARIANT_IFACE (self)->get_clock_presets != NULL
              ? CATUR_VARIANT_IFACE (self)->get_clock_presets (self)
              : NULL;
  if (presets == NULL || presets[0] == NULL)
    {
      *n_options = n_own;
      return own;
    }

  G_LOCK (clock_options);
  if (quark == 0)
    quark = g_quark_from_static_string ("catur-clock-options");
  cache = g_object_get_qdata (G_OBJECT (self), quark);
  if (cache == NULL)
    {
      g_autoptr(GPtrArray) texts = g_ptr_array_new ();

      g_ptr_array_add (texts, g_strdup ("-"));
      for (guint i = 0; presets[i] != NULL; i++)
        {
          CaturTimeControl control;

          /* A preset this version cannot keep is a plugin's mistake: skip it, say so. */
          if (!catur_time_control_parse (presets[i], &control, NULL)
              || control.kind == CATUR_CLOCK_NONE)
            {
              g_warning ("%s: “%s” is not a clock preset", catur_variant_get_id (self),
                         presets[i]);
              continue;
            }
          g_ptr_array_add (texts, catur_time_control_to_string (&control));
        }
      n_presets = texts->len;
      g_ptr_array_add (texts, NULL);

      cache = g_new0 (ClockOptions, 1);
      cache->texts = (char **) g_ptr_array_free (g_steal_pointer (&texts), FALSE);
      cache->choices = g_new0 (CaturSetupChoice, n_presets);
      for (guint i = 0; i < n_presets; i++)
        {
          CaturTimeControl control;

          catur_time_control_parse (cache->texts[i], &control, NULL);
          cache->choices[i].value = cache->texts[i];
          cache->choices[i].label = catur_time_control_describe (&control);
        }
      cache->n_options = n_own + 1;
      cache->options = g_new0 (CaturSetupOption, cache->n_options);
      for (guint i = 0; i < n_own; i++)
        cache->options[i] = own[i];
      cache->options[n_own] = (CaturSetupOption) {
        .id = CATUR_OPTION_CLOCK,
        .label = _("Clock"),
        .description = _("The time each player has for the game"),
        .choices = cache->choices,
        .n_choices = n_presets,
      };
      g_object_set_qdata_full (G_OBJECT (self), quark, cache, clock_options_free);
    }
  G_UNLOCK (clock_options);

  *n_options = cache->n_options;
  return cache->options;
}
