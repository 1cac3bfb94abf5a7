/* catur-window-drills.c: "Try Again from Here" and "Practise Your Mistakes"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A drill is a mistake of the player's, set up again on the board to find a better move. It
 * is played as a lesson's step is: a one-step judged lesson (catur_lesson_new_judged()) in
 * the lessons' CaturExercise, with the lesson card (CaturLessonPanel) over the board, on a
 * CaturGame of its own that is neither kept nor autosaved. The judge is the coach's
 * (catur_judge_move_async(), at a fixed depth so that its verdict does not depend on the
 * machine's load, in a worker: the window never waits). A try within the "good" band solves
 * the drill; another is told the judge's sentence and taken back. After two misses, Show Me
 * marks the best move's piece, then its square. The result goes to the drills store
 * (catur-drills.h): solved at once climbs a box, anything else comes back sooner.
 *
 * win.try-again, in review, starts a drill on the position shown with the game's next move
 * as the mistake (and keeps it in the store); win.practise offers the due drills of the game
 * shown, one after another. Either way the game left comes back afterwards.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "catur-lesson-panel.h"
#include "catur-window-private.h"

/* The judge's depth for drills: deep enough for a piece hanging two moves on. */
#define DRILL_DEPTH 5
/* How long a miss stays on the board before it is taken back. */
#define MISS_DELAY_MS 1200
/* After this many misses Show Me gives a hint. */
#define MISSES_FOR_HINT 2

struct _CaturWindowDrills
{
  CaturDrills *store;
  GPtrArray *queue;           /* of CaturDrill: the drills of this sitting */
  guint index;                /* the one shown */
  guint n_solved;

  CaturExercise *exercise;    /* NULL when no drill is shown */
  CaturVariant *variant;
  CaturGame *game;
  gulong changed_id;
  CaturGame *before;          /* given back afterwards */
  CaturMove played;           /* the game's move, the mistake */
  CaturJudgement *mistake;    /* the judge's verdict on it, once known */
  CaturJudgement *verdict;    /* the verdict on the try being answered */
  CaturMove tried;
  GCancellable *cancellable;
  gboolean answered;          /* the try on the board is judged or being judged */
  gboolean recorded;
  guint misses;
  guint hints;                /* Show Me pressed: 1 the piece, 2 the move */
  guint take_back_source;

  CaturLessonPanel *panel;
  GSignalGroup *shown_signals;
};

static gboolean
in_drill (CaturWindow *self)
{
  return self->drills != NULL && self->drills->exercise != NULL;
}

static const CaturDrill *
current_drill (CaturWindow *self)
{
  CaturWindowDrills *drills = self->drills;

  return drills->queue != NULL && drills->index < drills->queue->len
         ? g_ptr_array_index (drills->queue, drills->index) : NULL;
}

/* The move of the game shown that "Try Again from Here" would take as the mistake: the one
 * after the position shown in review, played by a person (not the computer). */
static CaturGameMove *
next_human_move (CaturWindow *self)
{
  guint view;
  CaturGameMove *item;

  if (self->game == NULL || catur_window_is_lesson_game (self, self->game)
      || !catur_game_is_reviewing (self->game))
    return NULL;
  view = catur_game_get_view_ply (self->game);
  if (view >= catur_game_get_n_plies (self->game))
    return NULL;
  item = g_list_model_get_item (catur_game_get_moves (self->game), view);
  if (catur_game_move_get_side (item) == catur_game_get_computer_side (self->game))
    g_clear_object (&item);
  return item;
}

static void
update_actions (CaturWindow *self)
{
  CaturWindowDrills *drills = self->drills;
  g_autoptr(CaturGameMove) next = NULL;

  if (drills == NULL)
    return;
  next = in_drill (self) ? NULL : next_human_move (self);
  catur_window_set_action_enabled (self, "try-again", next != NULL);
  catur_window_set_action_enabled (self, "practise", self->variant != NULL);
  catur_window_set_action_enabled (self, "drill-show",
                                   in_drill (self) && drills->misses >= MISSES_FOR_HINT
                                   && !catur_exercise_get_solved (drills->exercise));
  catur_window_set_action_enabled (self, "drill-quit", in_drill (self));
  catur_window_set_action_enabled (self, "drill-next",
                                   in_drill (self) && catur_exercise_get_solved (
                                     drills->exercise));
}

static void
record (CaturWindow *self,
        gboolean     solved)
{
  CaturWindowDrills *drills = self->drills;
  const CaturDrill *drill = current_drill (self);
  g_autoptr(GError) error = NULL;

  if (drill == NULL || drills->recorded)
    return;
  drills->recorded = TRUE;
  if (!catur_drills_record (drills->store, drill->id, solved, catur_drills_now (), &error))
    g_message ("Could not keep the drill's result: %s", error->message);
}

/* The judge of the drill's exercise: the verdict worked out in the worker, put in words. */
static gboolean
drill_judge (CaturExercise       *exercise,
             const CaturPosition *before,
             const CaturMove     *move,
             const CaturPosition *after,
             char               **answer,
             gpointer             user_data)
{
  CaturWindow *self = user_data;
  CaturWindowDrills *drills = self->drills;
  gboolean solved = FALSE;

  if (drills->verdict == NULL)
    return FALSE;
  *answer = catur_drills_describe_try (drills->variant, before, drills->mistake,
                                       drills->verdict, &solved);
  return solved;
}

static void drill_game_changed_cb (CaturWindow *self,
                                   CaturGame   *game);

static void
say (CaturWindow *self,
     const char  *text)
{
  catur_window_announce (self, text);
}

static void
end_drills (CaturWindow *self,
            gboolean     give_back)
{
  CaturWindowDrills *drills = self->drills;
  g_autoptr(CaturGame) before = give_back ? g_steal_pointer (&drills->before) : NULL;

  g_cancellable_cancel (drills->cancellable);
  g_clear_object (&drills->cancellable);
  g_clear_handle_id (&drills->take_back_source, g_source_remove);
  if (drills->game != NULL)
    g_clear_signal_handler (&drills->changed_id, drills->game);
  g_clear_object (&drills->game);
  g_clear_object (&drills->exercise);
  g_clear_pointer (&drills->mistake, catur_judgement_free);
  g_clear_pointer (&drills->verdict, catur_judgement_free);
  g_clear_pointer (&drills->queue, g_ptr_array_unref);
  gtk_widget_set_visible (GTK_WIDGET (drills->panel), FALSE);
  update_actions (self);
  if (before != NULL)
    catur_window_set_game (self, before);
}

static void
mistake_judged_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data);

/* Puts drill @index of the queue on the board. */
static void
show_drill (CaturWindow *self)
{
  CaturWindowDrills *drills = self->drills;
  const CaturDrill *drill = current_drill (self);
  g_autoptr(CaturLesson) lesson = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *played = NULL;
  g_autofree char *task = NULL;
  g_autofree char *counter = NULL;
  g_autofree char *spoken = NULL;
  const CaturPosition *position;
  CaturSearchLimits limits;

  g_cancellable_cancel (drills->cancellable);
  g_clear_object (&drills->cancellable);
  drills->cancellable = g_cancellable_new ();
  g_clear_handle_id (&drills->take_back_source, g_source_remove);
  g_clear_pointer (&drills->mistake, catur_judgement_free);
  g_clear_pointer (&drills->verdict, catur_judgement_free);
  drills->misses = drills->hints = 0;
  drills->answered = drills->recorded = FALSE;

  drills->variant = catur_plugins_find_variant (drill->game_id);
  if (drills->variant == NULL)
    {
      end_drills (self, TRUE);
      return;
    }
  lesson = catur_lesson_new_judged (drills->variant, drill->id, _("Try Again"),
                                    drill->position, _("Find a better move."),
                                    _("Look for a better move."), &error);
  if (lesson == NULL)
    {
      g_message ("A drill does not read: %s", error->message);
      end_drills (self, TRUE);
      return;
    }
  g_clear_object (&drills->exercise);
  drills->exercise = catur_exercise_new (lesson);
  catur_exercise_set_judge (drills->exercise, drill_judge, self, NULL);
  position = catur_exercise_get_position (drills->exercise);
  if (!catur_variant_parse_move (drills->variant, position, drill->played, &drills->played,
                                 &error))
    {
      g_message ("A drill's move does not read: %s", error->message);
      end_drills (self, TRUE);
      return;
    }

  played = catur_variant_format_move (drills->variant, position, &drills->played, NULL);
  if (drill->sentence != NULL)
    {
      /* Translators: a drill's task: the move played in the game, the judge's words on it */
      task = g_strdup_printf (_("In the game you played %s. %s Find a better move."), played,
                              drill->sentence);
    }
  else
    /* Translators: a drill's task, with the move played in the game */
    task = g_strdup_printf (_("In the game you played %s. Find a better move."), played);

  game = catur_game_new (drills->variant, catur_lesson_step_new_position (lesson, 0));
  catur_game_set_undo_policy (game, CATUR_UNDO_POLICY_FREE);
  catur_game_set_bottom_side (game, catur_variant_side_to_move (drills->variant, position));
  if (drills->game != NULL)
    g_clear_signal_handler (&drills->changed_id, drills->game);
  g_set_object (&drills->game, game);
  drills->changed_id = g_signal_connect_swapped (game, "changed",
                                                 G_CALLBACK (drill_game_changed_cb), self);

  /* Translators: which drill of how many is shown, e.g. "Drill 1 of 3" */
  counter = g_strdup_printf (_("Drill %u of %u"), drills->index + 1, drills->queue->len);
  catur_lesson_panel_set_step (drills->panel, _("Try Again"), 0, 1, task);
  catur_lesson_panel_set_counter (drills->panel, counter);
  gtk_widget_set_visible (GTK_WIDGET (drills->panel), TRUE);
  catur_window_set_game (self, game);
  update_actions (self);

  /* The game's move is judged too: its verdict names what a better move keeps, and the
   * best move for the hint. */
  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.depth = DRILL_DEPTH;
  catur_judge_move_async (drills->variant, position, &drills->played, &limits,
                          drills->cancellable, mistake_judged_cb, self);

  spoken = g_strdup_printf ("%s. %s", counter, task);
  say (self, spoken);
}

static void try_judged_cb (GObject      *source,
                           GAsyncResult *result,
                           gpointer      user_data);

static void
judge_try (CaturWindow *self)
{
  CaturWindowDrills *drills = self->drills;
  CaturSearchLimits limits;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.depth = DRILL_DEPTH;
  catur_judge_move_async (drills->variant, catur_exercise_get_position (drills->exercise),
                          &drills->tried, &limits, drills->cancellable, try_judged_cb, self);
}

static void
mistake_judged_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  CaturWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturJudgement) verdict = NULL;
  CaturWindowDrills *drills;
  const CaturDrill *drill;

  verdict = catur_judge_move_finish (CATUR_VARIANT (source), result, &error);
  if (verdict == NULL)
    return;   /* cancelled: the drill or the window went */
  drills = self->drills;
  drill = current_drill (self);
  if (drills == NULL || drill == NULL)
    return;
  /* The store learns the best move and the sentence when it did not have them. */
  if (drill->best == NULL)
    {
      g_autofree char *best = catur_variant_format_move (
        drills->variant, catur_exercise_get_position (drills->exercise), &verdict->best,
        catur_variant_get_coordinate_notation (drills->variant));
      g_autoptr(CaturDrill) kept = catur_drills_add (drills->store, drill->game_id,
                                                     drill->position, drill->played, best,
                                                     verdict->sentence, NULL);
    }
  drills->mistake = g_steal_pointer (&verdict);
  /* A drill just made learns what was wrong with its move: the task says it, before a try. */
  if (drill->sentence == NULL && drills->mistake->sentence != NULL && !drills->answered)
    {
      g_autofree char *counter = g_strdup (catur_lesson_panel_get_counter (drills->panel));
      g_autofree char *played = catur_variant_format_move (
        drills->variant, catur_exercise_get_position (drills->exercise), &drills->played, NULL);
      g_autofree char *task = g_strdup_printf (_("In the game you played %s. %s Find a better "
                                                 "move."), played, drills->mistake->sentence);

      catur_lesson_panel_set_step (drills->panel, _("Try Again"), 0, 1, task);
      catur_lesson_panel_set_counter (drills->panel, counter);
    }
  /* A try made meanwhile waited for this verdict. */
  if (drills->answered && drills->verdict == NULL)
    judge_try (self);
}

static gboolean
take_back_cb (gpointer data)
{
  CaturWindow *self = CATUR_WINDOW (data);
  CaturWindowDrills *drills = self->drills;

  drills->take_back_source = 0;
  if (drills->game == NULL)
    return G_SOURCE_REMOVE;
  drills->answered = FALSE;
  if (catur_game_get_n_plies (drills->game) > 0)
    catur_game_undo (drills->game, catur_game_get_n_plies (drills->game));
  return G_SOURCE_REMOVE;
}

static void
try_judged_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  CaturWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  CaturJudgement *verdict;
  CaturWindowDrills *drills;
  g_autofree char *answer = NULL;
  gboolean last;
  CaturTryResult outcome;

  verdict = catur_judge_move_finish (CATUR_VARIANT (source), result, &error);
  if (verdict == NULL)
    return;
  drills = self->drills;
  if (drills == NULL || !in_drill (self))
    {
      catur_judgement_free (verdict);
      return;
    }
  g_clear_pointer (&drills->verdict, catur_judgement_free);
  drills->verdict = verdict;
  outcome = catur_exercise_try (drills->exercise, &drills->tried, &answer);
  last = drills->index + 1 >= drills->queue->len;
  if (outcome == CATUR_TRY_SOLVED)
    {
      record (self, drills->misses == 0 && drills->hints == 0);
      drills->n_solved++;
    }
  else
    {
      drills->misses++;
      if (drills->misses >= MISSES_FOR_HINT && drills->hints == 0)
        {
          char *more = g_strdup_printf ("%s %s", answer, _("Press Show Me for a hint."));

          g_free (answer);
          answer = more;
        }
      drills->take_back_source = g_timeout_add (MISS_DELAY_MS, take_back_cb, self);
    }
  catur_lesson_panel_set_answer (drills->panel, outcome, answer, last);
  update_actions (self);
  say (self, answer);
}

/* A move on the drill's board: the judge is asked in a worker, the board waits for nothing. */
static void
drill_game_changed_cb (CaturWindow *self,
                       CaturGame   *game)
{
  CaturWindowDrills *drills = self->drills;
  g_autoptr(CaturGameMove) item = NULL;
  guint n = catur_game_get_n_plies (game);

  if (game != drills->game)
    return;
  if (n == 0)
    {
      if (catur_exercise_get_solved (drills->exercise))
        catur_exercise_set_step_index (drills->exercise, 0);
      drills->answered = FALSE;
      update_actions (self);
      return;
    }
  if (drills->answered)
    return;
  drills->answered = TRUE;
  g_clear_pointer (&drills->verdict, catur_judgement_free);
  item = g_list_model_get_item (catur_game_get_moves (game), 0);
  drills->tried = *catur_game_move_get_move (item);
  catur_lesson_panel_set_answer (drills->panel, CATUR_TRY_MISSED,
                                 _("The engine looks at your move…"), FALSE);
  if (drills->mistake != NULL)
    judge_try (self);
}

/* Starts a sitting of @queue (of CaturDrill, taken). */
static void
start_drills (CaturWindow *self,
              GPtrArray   *queue)
{
  CaturWindowDrills *drills = self->drills;

  if (in_drill (self))
    end_drills (self, FALSE);
  else
    g_set_object (&drills->before, self->game);
  drills->queue = queue;
  drills->index = 0;
  drills->n_solved = 0;
  show_drill (self);
}

/**
 * catur_window_drills_keep:
 * @self: a #CaturWindow
 * @variant: the game analysed
 * @mistakes: (element-type CaturAnalysisMistake): the mistakes an analysis found
 *
 * Keeps an analysis's mistakes as drills, offered by "Practise Your Mistakes"; one already
 * kept stays as it is, its best move and words filled in.
 *
 * Returns: how many were kept
 */
guint
catur_window_drills_keep (CaturWindow  *self,
                          CaturVariant *variant,
                          GPtrArray    *mistakes)
{
  const char *coordinates = catur_variant_get_coordinate_notation (variant);
  guint kept = 0;

  for (guint i = 0; i < mistakes->len; i++)
    {
      CaturAnalysisMistake *mistake = g_ptr_array_index (mistakes, i);
      g_autofree char *position = catur_variant_format (variant, mistake->position);
      g_autofree char *played = catur_variant_format_move (variant, mistake->position,
                                                           &mistake->move, coordinates);
      g_autofree char *best = catur_variant_format_move (variant, mistake->position,
                                                         &mistake->best, coordinates);
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturDrill) drill = catur_drills_add (self->drills->store,
                                                      catur_variant_get_id (variant), position,
                                                      played, best, mistake->sentence, &error);

      if (drill == NULL)
        g_message ("Could not keep the drill: %s", error->message);
      else
        kept++;
    }
  return kept;
}

static void
try_again_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturWindowDrills *drills = self->drills;
  g_autoptr(CaturGameMove) item = next_human_move (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *position = NULL;
  g_autofree char *played = NULL;
  const CaturPosition *before;
  CaturDrill *drill;
  GPtrArray *queue;

  if (item == NULL || in_drill (self))
    return;
  before = catur_game_get_position_at (self->game, catur_game_get_view_ply (self->game));
  position = catur_variant_format (self->variant, before);
  played = catur_variant_format_move (self->variant, before, catur_game_move_get_move (item),
                                      catur_variant_get_coordinate_notation (self->variant));
  drill = catur_drills_add (drills->store, catur_variant_get_id (self->variant), position,
                            played, NULL, NULL, &error);
  if (drill == NULL)
    {
      g_message ("Could not keep the drill: %s", error->message);
      return;
    }
  queue = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_drill_free);
  g_ptr_array_add (queue, drill);
  start_drills (self, queue);
}

static void
practise_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturWindowDrills *drills = self->drills;
  CaturVariant *variant = in_drill (self) ? drills->variant : self->variant;
  g_autoptr(GPtrArray) due = NULL;
  g_autofree char *text = NULL;

  if (variant == NULL)
    return;
  due = catur_drills_list_due (drills->store, catur_variant_get_id (variant),
                               catur_drills_now ());
  if (catur_drills_get_warning (drills->store) != NULL)
    catur_window_show_toast (self, _("The drills file did not read; it was kept aside and a new "
                                     "one begun."), FALSE);
  if (due->len == 0)
    {
      /* Translators: "Practise Your Mistakes" with nothing due, e.g. "No Chess drills are
       * due. Use Try Again from Here in review to make one." */
      text = g_strdup_printf (_("No %s drills are due. In review, “Try Again from Here” "
                                "makes one of a move you played."),
                              catur_variant_get_name (variant));
      catur_window_show_toast (self, text, FALSE);
      say (self, text);
      return;
    }
  start_drills (self, g_steal_pointer (&due));
}

static void
drill_show_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturWindowDrills *drills = self->drills;
  const CaturPosition *position;
  g_autofree char *spoken = NULL;
  CaturMove move;
  char name[8];

  if (!in_drill (self) || drills->misses < MISSES_FOR_HINT || drills->mistake == NULL)
    return;
  position = catur_exercise_get_position (drills->exercise);
  move = drills->mistake->best;
  if (drills->hints == 0)
    {
      CaturPiece piece;
      g_autofree char *what = NULL;

      drills->hints = 1;
      catur_variant_square_name (drills->variant, move.from, name);
      if (move.flags & CATUR_MOVE_DROP)
        /* Translators: the first hint of a drill, for a piece put from the hand */
        spoken = g_strdup (_("Hint: a piece from your hand."));
      else if (catur_variant_piece_at (drills->variant, position, move.from, &piece))
        {
          what = catur_variant_get_piece_name (drills->variant, &piece);
          /* Translators: the first hint of a drill: the piece to move, e.g.
           * "Hint: move your Horse on c3." */
          spoken = g_strdup_printf (_("Hint: move your %s on %s."), what, name);
        }
      else
        spoken = g_strdup_printf (_("Hint: look at %s."), name);
      move.to = move.from;
    }
  else
    {
      g_autofree char *text = catur_variant_format_move (drills->variant, position, &move,
                                                         NULL);

      drills->hints = 2;
      /* Translators: the second hint of a drill: the engine's move, e.g. "Hint: R1+1." */
      spoken = g_strdup_printf (_("Hint: %s."), text);
    }
  catur_board_view_set_hint (self->board_view, &move);
  catur_lesson_panel_set_answer (drills->panel, CATUR_TRY_MISSED, spoken,
                                 drills->index + 1 >= drills->queue->len);
  say (self, spoken);
}

static void
drill_next_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturWindowDrills *drills = self->drills;
  g_autofree char *done = NULL;
  guint n;

  if (!in_drill (self) || !catur_exercise_get_solved (drills->exercise))
    return;
  if (drills->index + 1 < drills->queue->len)
    {
      drills->index++;
      show_drill (self);
      return;
    }
  n = drills->queue->len;
  /* Translators: a toast when a sitting of drills is over */
  done = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "You practised %u drill.",
                                       "You practised %u drills.", n), n);
  end_drills (self, TRUE);
  catur_window_show_toast (self, done, FALSE);
  say (self, done);
}

static void
drill_quit_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  if (!in_drill (self))
    return;
  /* A drill tried and not solved is a drill failed: it comes back soon. */
  if (self->drills->misses > 0 && !catur_exercise_get_solved (self->drills->exercise))
    record (self, FALSE);
  end_drills (self, TRUE);
}

static void
shown_game_changed_cb (CaturWindow *self)
{
  update_actions (self);
}

static const GActionEntry drill_entries[] = {
  { "try-again", try_again_action },
  { "practise", practise_action },
  { "drill-show", drill_show_action },
  { "drill-next", drill_next_action },
  { "drill-quit", drill_quit_action },
};

/**
 * catur_window_drills_init:
 *
 * Adds the drills' card above the board and the actions win.try-again (Ctrl+R),
 * win.practise, win.drill-show, win.drill-next and win.drill-quit.
 */
void
catur_window_drills_init (CaturWindow *self)
{
  CaturWindowDrills *drills = g_new0 (CaturWindowDrills, 1);
  GtkWidget *board_area = gtk_overlay_get_child (self->board_overlay);

  self->drills = drills;
  drills->store = catur_drills_new (NULL);
  drills->panel = CATUR_LESSON_PANEL (catur_lesson_panel_new ());
  catur_lesson_panel_use_actions (drills->panel, "win.drill", _("_Quit Practice"),
                                  _("Co_ntinue"), _("Co_ntinue"));
  gtk_widget_set_visible (GTK_WIDGET (drills->panel), FALSE);
  gtk_box_prepend (GTK_BOX (board_area), GTK_WIDGET (drills->panel));

  g_action_map_add_action_entries (G_ACTION_MAP (self), drill_entries,
                                   G_N_ELEMENTS (drill_entries), self);
  drills->shown_signals = g_signal_group_new (CATUR_TYPE_GAME);
  g_signal_group_connect_object (drills->shown_signals, "changed",
                                 G_CALLBACK (shown_game_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (drills->shown_signals, "notify::view-ply",
                                 G_CALLBACK (shown_game_changed_cb), self, G_CONNECT_SWAPPED);
  update_actions (self);
}

void
catur_window_drills_dispose (CaturWindow *self)
{
  CaturWindowDrills *drills = self->drills;

  if (drills == NULL)
    return;
  g_cancellable_cancel (drills->cancellable);
  self->drills = NULL;
  g_clear_object (&drills->cancellable);
  g_clear_handle_id (&drills->take_back_source, g_source_remove);
  if (drills->game != NULL)
    g_clear_signal_handler (&drills->changed_id, drills->game);
  g_clear_object (&drills->game);
  g_clear_object (&drills->before);
  g_clear_object (&drills->exercise);
  g_clear_pointer (&drills->mistake, catur_judgement_free);
  g_clear_pointer (&drills->verdict, catur_judgement_free);
  g_clear_pointer (&drills->queue, g_ptr_array_unref);
  g_signal_group_set_target (drills->shown_signals, NULL);
  g_clear_object (&drills->shown_signals);
  g_clear_object (&drills->store);
  g_free (drills);
}

/* Whether @game is a drill's board: neither kept nor autosaved. */
gboolean
catur_window_is_drill_game (CaturWindow *self,
                            CaturGame   *game)
{
  return self->drills != NULL && game != NULL && game == self->drills->game;
}

/* Another game shown ends the drills; the actions follow the game shown. */
void
catur_window_drills_game_shown (CaturWindow *self,
                                CaturGame   *game)
{
  CaturWindowDrills *drills = self->drills;

  if (drills == NULL)
    return;
  if (in_drill (self) && game != drills->game)
    {
      g_clear_object (&drills->before);
      end_drills (self, FALSE);
    }
  g_signal_group_set_target (drills->shown_signals, game);
  update_actions (self);
}

/* For tests: the drills' card. */
GtkWidget *
catur_window_get_drill_panel (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->drills != NULL ? GTK_WIDGET (self->drills->panel) : NULL;
}
