/* catur-window-lessons.c: lessons on the window's board, the start bar and tips
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Learn to Play" (win.learn) puts the game's lesson on the real board: each step is a
 * CaturGame of its own, started from the step's position, shown like any game but neither
 * kept nor autosaved, so quitting the lesson gives back the game the player left. A move
 * played on the board is checked by the lesson's CaturExercise, the player the `lesson` unit
 * test plays every step with; a move the rules forbid never reaches the game, and the board
 * explains it in the game's own words, which the panel repeats. A miss is answered with the
 * step's sentence and taken back after a moment.
 *
 * A game's start page is its board before the first move: the start bar above it offers the
 * lesson, marked once finished, and one of the game's tips. A tip is shown after a loss too.
 * Tips turn with each new game; the "show-tips" setting turns them off.
 *
 * "Puzzles" (win.puzzle, by difficulty) plays a puzzle of the game (catur-puzzle.h) the same
 * way: a puzzle is a lesson whose steps the solver judges. A wrong try is answered on the
 * board by the defence that refutes it, then both are taken back; a puzzle solved is kept
 * (lessons.ini) and counted, and "Next Puzzle" brings the next of its difficulty not solved.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-lesson-panel.h"
#include "catur-start-bar.h"
#include "catur-window-private.h"

/* How long a move that missed stays on the board before it is taken back. */
#define MISS_DELAY_MS 900

struct _CaturWindowLessons
{
  /* The lesson being played: NULL, NULL, NULL when none is */
  CaturExercise *exercise;
  CaturGame *game;            /* the board's game for the step shown */
  gulong changed_id;          /* its "changed" handler */
  CaturGame *before;          /* the game shown before the lesson, given back after it */
  gboolean answered;          /* the try on the board now has its answer */
  GCancellable *judging;      /* the try being judged (a puzzle's solver, in a worker) */
  gboolean try_waiting;       /* a try made while the one before was still being judged */
  guint looking_source;       /* says the judge is at work when it takes a while */
  guint take_back_source;
  CaturMove refutation;       /* a puzzle's answer to the wrong try on the board */
  char *to_say;               /* the answer, said after the board has said the move */
  guint say_source;

  CaturPuzzle *puzzle;        /* the puzzle played, NULL in a lesson */
  GHashTable *lessons;        /* variant id → GPtrArray of its CaturLesson */
  GHashTable *puzzles;        /* variant id → GPtrArray of its CaturPuzzle */
  GHashTable *tips;           /* variant id → GStrv of its tips */
  guint tip_turn;             /* which tip comes next: they turn with each game shown */
  char *tip;                  /* the tip of the game shown now */

  CaturLessonPanel *panel;
  CaturStartBar *start_bar;
  GtkLabel *result_tip;
  GSignalGroup *shown_signals; /* the game shown's, for the start bar */
};

/* The game's lessons, read once; an empty list when it has none or they do not read. */
static GPtrArray *
lessons_of (CaturWindow  *self,
            CaturVariant *variant)
{
  CaturWindowLessons *lessons = self->lessons;
  const char *id = catur_variant_get_id (variant);
  GPtrArray *list = g_hash_table_lookup (lessons->lessons, id);

  if (list == NULL)
    {
      g_autoptr(GError) error = NULL;

      list = catur_lesson_list (variant, &error);
      if (list == NULL)
        {
          g_warning ("The lessons of %s do not read: %s", id, error->message);
          list = g_ptr_array_new_with_free_func (g_object_unref);
        }
      g_hash_table_insert (lessons->lessons, g_strdup (id), list);
    }
  return list;
}

/* The game's puzzles, read once; an empty list when it has none or they do not read. */
static GPtrArray *
puzzles_of (CaturWindow  *self,
            CaturVariant *variant)
{
  CaturWindowLessons *lessons = self->lessons;
  const char *id = catur_variant_get_id (variant);
  GPtrArray *list = g_hash_table_lookup (lessons->puzzles, id);

  if (list == NULL)
    {
      g_autoptr(GError) error = NULL;

      list = catur_puzzle_list (variant, &error);
      if (list == NULL)
        {
          g_warning ("The puzzles of %s do not read: %s", id, error->message);
          list = g_ptr_array_new_with_free_func (g_object_unref);
        }
      g_hash_table_insert (lessons->puzzles, g_strdup (id), list);
    }
  return list;
}

static const char * const *
tips_of (CaturWindow  *self,
         CaturVariant *variant)
{
  CaturWindowLessons *lessons = self->lessons;
  const char *id = catur_variant_get_id (variant);
  GStrv tips = g_hash_table_lookup (lessons->tips, id);

  if (tips == NULL)
    {
      tips = catur_lesson_list_tips (variant);
      g_hash_table_insert (lessons->tips, g_strdup (id), tips);
    }
  return (const char * const *) tips;
}

/* The next tip of the game shown, or NULL when it has none or tips are off. */
static void
turn_tip (CaturWindow *self)
{
  CaturWindowLessons *lessons = self->lessons;
  const char * const *tips;
  guint n;

  g_clear_pointer (&lessons->tip, g_free);
  if (self->variant == NULL || !g_settings_get_boolean (self->settings, "show-tips"))
    return;
  tips = tips_of (self, self->variant);
  n = g_strv_length ((GStrv) tips);
  if (n == 0)
    return;
  /* Translators: a tip for beginners, shown before a game and after a loss */
  lessons->tip = g_strdup_printf (_("Tip: %s"), tips[lessons->tip_turn++ % n]);
}

static gboolean
finished_lesson (CaturLesson *lesson)
{
  guint step;
  gboolean finished;

  catur_lesson_load_progress (catur_lesson_get_id (lesson), &step, &finished);
  return finished;
}

static gboolean
in_lesson (CaturWindow *self)
{
  return self->lessons != NULL && self->lessons->exercise != NULL;
}

/* The start bar shows above the board of a game not begun, outside lessons and network games. */
static void
update_start_bar (CaturWindow *self)
{
  CaturWindowLessons *lessons = self->lessons;
  GPtrArray *list;
  gboolean fresh;

  if (lessons == NULL || lessons->start_bar == NULL)
    return;
  catur_window_set_action_enabled (self, "puzzle", self->variant != NULL
                                   && puzzles_of (self, self->variant)->len > 0);
  /* A game with a friend elsewhere has begun for both: no lesson is offered over it. */
  fresh = self->game != NULL && !catur_window_is_lesson_game (self, self->game)
          && !catur_window_network_owns (self, self->game)
          && catur_game_get_n_plies (self->game) == 0;
  if (!fresh)
    {
      gtk_widget_set_visible (GTK_WIDGET (lessons->start_bar), FALSE);
      return;
    }
  list = lessons_of (self, self->variant);
  catur_start_bar_set_lesson (lessons->start_bar, catur_variant_get_name (self->variant),
                              list->len > 0,
                              list->len > 0 && finished_lesson (g_ptr_array_index (list, 0)));
  catur_start_bar_set_puzzles (lessons->start_bar, puzzles_of (self, self->variant)->len > 0);
  catur_start_bar_set_tip (lessons->start_bar, lessons->tip);
  gtk_widget_set_visible (GTK_WIDGET (lessons->start_bar), list->len > 0 || lessons->tip != NULL);
  catur_window_set_action_enabled (self, "learn", list->len > 0);
}

static void
update_actions (CaturWindow *self)
{
  CaturWindowLessons *lessons = self->lessons;

  catur_window_set_action_enabled (self, "lesson-show", in_lesson (self));
  catur_window_set_action_enabled (self, "lesson-quit", in_lesson (self));
  catur_window_set_action_enabled (self, "lesson-next",
                                   in_lesson (self) && catur_exercise_get_solved (
                                     lessons->exercise));
}

static void
save_progress (CaturWindow *self,
               guint        step,
               gboolean     finished)
{
  CaturLesson *lesson = catur_exercise_get_lesson (self->lessons->exercise);
  g_autoptr(GError) error = NULL;
  guint kept_step;
  gboolean was_finished;

  if (self->lessons->puzzle != NULL)
    {
      /* A puzzle is kept once solved; half-way through it starts again. */
      if (finished && !catur_puzzle_set_solved (self->lessons->puzzle, &error))
        g_message ("Could not keep the puzzle solved: %s", error->message);
      return;
    }

  /* A lesson once finished stays marked when the player goes through it again. */
  catur_lesson_load_progress (catur_lesson_get_id (lesson), &kept_step, &was_finished);
  if (!catur_lesson_save_progress (catur_lesson_get_id (lesson), step,
                                   finished || was_finished, &error))
    g_message ("Could not keep the lesson's progress: %s", error->message);
}

static void lesson_game_changed_cb (CaturWindow *self,
                                    CaturGame   *game);

static gboolean
say_cb (gpointer data)
{
  CaturWindow *self = CATUR_WINDOW (data);
  g_autofree char *text = g_steal_pointer (&self->lessons->to_say);

  self->lessons->say_source = 0;
  if (text != NULL)
    catur_window_announce (self, text);
  return G_SOURCE_REMOVE;
}

/* Says @text once the window has said what the move did (its own announcement of the ply
 * comes after the game's change reaches it). */
static void
say_after_move (CaturWindow *self,
                const char  *text)
{
  CaturWindowLessons *lessons = self->lessons;

  g_free (lessons->to_say);
  lessons->to_say = g_strdup (text);
  if (lessons->say_source == 0)
    lessons->say_source = g_idle_add (say_cb, self);
}

/* The puzzles of @puzzle's game and difficulty, in their order. */
static GPtrArray *
puzzles_like (CaturWindow *self,
              CaturVariant *variant,
              guint        difficulty)
{
  GPtrArray *all = puzzles_of (self, variant);
  GPtrArray *some = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    if (catur_puzzle_get_difficulty (g_ptr_array_index (all, i)) == difficulty)
      g_ptr_array_add (some, g_ptr_array_index (all, i));
  return some;
}

static guint
count_solved (GPtrArray *puzzles)
{
  guint n = 0;

  for (guint i = 0; i < puzzles->len; i++)
    n += catur_puzzle_get_solved (g_ptr_array_index (puzzles, i));
  return n;
}

/* The panel's title of a puzzle: its kind, which of how many, and how many are solved. */
static char *
describe_puzzle (CaturWindow *self,
                 CaturPuzzle *puzzle)
{
  CaturVariant *variant = catur_puzzle_get_variant (puzzle);
  guint difficulty = catur_puzzle_get_difficulty (puzzle);
  g_autoptr(GPtrArray) some = puzzles_like (self, variant, difficulty);
  g_autofree char *kind = catur_puzzle_describe_difficulty (variant, puzzles_of (self, variant),
                                                            difficulty);
  guint index = 0;

  g_ptr_array_find (some, puzzle, &index);
  /* Translators: a puzzle's title: its kind ("Mate in 2"), which puzzle of how many, and
   * how many of them the player has solved, e.g. "Mate in 2: puzzle 4 of 20, 3 solved" */
  return g_strdup_printf (_("%s: puzzle %u of %u, %u solved"), kind, index + 1, some->len,
                          count_solved (some));
}

/* The try being judged is not wanted any more. */
static void
stop_judging (CaturWindowLessons *lessons)
{
  g_clear_handle_id (&lessons->looking_source, g_source_remove);
  g_cancellable_cancel (lessons->judging);
  g_clear_object (&lessons->judging);
  lessons->try_waiting = FALSE;
}

/* Puts the exercise's step on the board, afresh. */
static void
show_step (CaturWindow *self)
{
  CaturWindowLessons *lessons = self->lessons;
  CaturLesson *lesson = catur_exercise_get_lesson (lessons->exercise);
  guint index = catur_exercise_get_step_index (lessons->exercise);
  guint n_steps = catur_lesson_get_n_steps (lesson);
  const CaturLessonStep *step = catur_exercise_get_step (lessons->exercise);
  g_autoptr(CaturGame) game = NULL;
  g_autofree char *counter = NULL;
  g_autofree char *spoken = NULL;
  g_autofree char *title = NULL;

  g_clear_handle_id (&lessons->take_back_source, g_source_remove);
  game = catur_game_new (catur_lesson_get_variant (lesson),
                         catur_lesson_step_new_position (lesson, index));
  /* A miss is taken back, and so is whatever is played on after the task is done. */
  catur_game_set_undo_policy (game, CATUR_UNDO_POLICY_FREE);
  /* A puzzle is solved from the solver's side of the board, Black's or Gote's too. */
  if (lessons->puzzle != NULL)
    catur_game_set_bottom_side (game, catur_game_get_side_to_move (game));
  if (lessons->game != NULL)
    g_clear_signal_handler (&lessons->changed_id, lessons->game);
  g_set_object (&lessons->game, game);
  lessons->answered = FALSE;
  stop_judging (lessons);
  /* Disconnected by hand whenever the game goes (end_lesson(), dispose). */
  lessons->changed_id = g_signal_connect_swapped (game, "changed",
                                                  G_CALLBACK (lesson_game_changed_cb), self);
  /* The panel first: the board, given the focus with the game, reads out the task. */
  title = lessons->puzzle != NULL ? describe_puzzle (self, lessons->puzzle)
                                  : g_strdup (catur_lesson_get_title (lesson));
  catur_lesson_panel_set_step (lessons->panel, title, index, n_steps, step->task);
  if (lessons->puzzle != NULL)
    /* Translators: which of a puzzle's moves to find is asked, e.g. "Move 1 of 2" */
    counter = g_strdup_printf (_("Move %u of %u"), index + 1, n_steps);
  else
    /* Translators: said when a lesson step starts: the step counter, then its task */
    counter = g_strdup_printf (_("Step %u of %u"), index + 1, n_steps);
  catur_lesson_panel_set_counter (lessons->panel, counter);
  catur_lesson_panel_set_quit_label (lessons->panel, lessons->puzzle != NULL
                                                     ? _("_Quit Puzzle") : _("_Quit Lesson"));
  gtk_widget_set_visible (GTK_WIDGET (lessons->panel), TRUE);
  catur_window_set_game (self, game);

  update_actions (self);
  update_start_bar (self);

  spoken = g_strdup_printf ("%s. %s", counter, step->task);
  catur_window_announce (self, spoken);
}

static gboolean
take_back_cb (gpointer data)
{
  CaturWindow *self = CATUR_WINDOW (data);
  CaturWindowLessons *lessons = self->lessons;
  guint n;

  lessons->take_back_source = 0;
  if (lessons->game == NULL)
    return G_SOURCE_REMOVE;
  n = catur_game_get_n_plies (lessons->game);
  /* A step solved keeps its solution (and the reply): only what came after goes. */
  if (catur_exercise_get_solved (lessons->exercise))
    {
      guint kept = catur_exercise_get_step (lessons->exercise)->has_reply ? 2 : 1;

      if (n > kept)
        catur_game_undo (lessons->game, n - kept);
      return G_SOURCE_REMOVE;
    }
  lessons->answered = FALSE;
  if (n > 0)
    catur_game_undo (lessons->game, n);
  return G_SOURCE_REMOVE;
}

static gboolean
play_reply_cb (gpointer data)
{
  CaturWindow *self = CATUR_WINDOW (data);
  CaturWindowLessons *lessons = self->lessons;
  const CaturLessonStep *step;
  g_autoptr(GError) error = NULL;

  lessons->take_back_source = 0;
  if (lessons->game == NULL)
    return G_SOURCE_REMOVE;
  step = catur_exercise_get_step (lessons->exercise);
  if (!catur_game_play (lessons->game, &step->reply, &error))
    g_warning ("The lesson's reply is not legal: %s", error->message);
  return G_SOURCE_REMOVE;
}

/* A puzzle's wrong try is answered on the board, then both moves are taken back. */
static gboolean
play_refutation_cb (gpointer data)
{
  CaturWindow *self = CATUR_WINDOW (data);
  CaturWindowLessons *lessons = self->lessons;
  g_autoptr(GError) error = NULL;

  lessons->take_back_source = 0;
  if (lessons->game == NULL)
    return G_SOURCE_REMOVE;
  if (!catur_game_play (lessons->game, &lessons->refutation, &error))
    g_warning ("The refutation is not legal: %s", error->message);
  lessons->take_back_source = g_timeout_add (2 * MISS_DELAY_MS, take_back_cb, self);
  return G_SOURCE_REMOVE;
}

static void try_judged_cb (GObject      *source,
                           GAsyncResult *res,
                           gpointer      user_data);

static gboolean
looking_cb (gpointer data)
{
  CaturWindow *self = CATUR_WINDOW (data);

  self->lessons->looking_source = 0;
  catur_lesson_panel_set_answer (self->lessons->panel, CATUR_TRY_MISSED,
                                 _("The engine looks at your move…"), FALSE);
  return G_SOURCE_REMOVE;
}

/* The first move on the lesson's board is judged; a puzzle's solver may take a while on a wrong
 * try, so the board waits for nothing. A try made while the last is still judged (taken back
 * and played again) waits for that one to end, since the exercise judges one at a time. */
static void
judge_board_try (CaturWindow *self)
{
  CaturWindowLessons *lessons = self->lessons;
  g_autoptr(CaturGameMove) item = NULL;

  if (catur_game_get_n_plies (lessons->game) == 0)
    return;
  if (lessons->judging != NULL)
    {
      lessons->try_waiting = TRUE;
      g_cancellable_cancel (lessons->judging);
      return;
    }
  item = g_list_model_get_item (catur_game_get_moves (lessons->game), 0);
  lessons->judging = g_cancellable_new ();
  catur_exercise_try_async (lessons->exercise, catur_game_move_get_move (item), lessons->judging,
                            try_judged_cb, g_object_ref (self));
  /* Most verdicts come at once; a wrong try at a long puzzle can take the solver a while. */
  if (lessons->looking_source == 0)
    lessons->looking_source = g_timeout_add (400, looking_cb, self);
  update_actions (self);
}

/* The exercise's verdict on the try on the board. */
static void
try_judged_cb (GObject      *source,
               GAsyncResult *res,
               gpointer      user_data)
{
  g_autoptr(CaturWindow) self = user_data;
  CaturExercise *exercise = CATUR_EXERCISE (source);
  CaturWindowLessons *lessons = self->lessons;
  const CaturLessonStep *step;
  g_autoptr(GError) error = NULL;
  g_autofree char *answer = NULL;
  CaturTryResult result;
  CaturLesson *lesson;
  gboolean last;

  result = catur_exercise_try_finish (exercise, res, &answer, &error);
  /* A try of a board since gone (a new step, a lesson ended) */
  if (lessons == NULL || g_task_get_cancellable (G_TASK (res)) != lessons->judging)
    return;
  g_clear_object (&lessons->judging);
  g_clear_handle_id (&lessons->looking_source, g_source_remove);
  if (lessons->try_waiting)
    {
      lessons->try_waiting = FALSE;
      judge_board_try (self);
      return;
    }
  if (error != NULL)
    return;
  step = catur_exercise_get_step (exercise);
  lesson = catur_exercise_get_lesson (exercise);
  last = catur_exercise_get_step_index (exercise) + 1 == catur_lesson_get_n_steps (lesson);
  if (result == CATUR_TRY_SOLVED)
    {
      if (answer == NULL)
        answer = g_strdup (last ? _("Well done! That was the last step.")
                                : _("Well done! Go on to the next step."));
      save_progress (self, last ? 0 : catur_exercise_get_step_index (lessons->exercise) + 1,
                     last);
      if (step->has_reply)
        lessons->take_back_source = g_timeout_add (MISS_DELAY_MS, play_reply_cb, self);
    }
  else if (catur_exercise_get_refutation (lessons->exercise, &lessons->refutation))
    lessons->take_back_source = g_timeout_add (MISS_DELAY_MS / 2, play_refutation_cb, self);
  else
    lessons->take_back_source = g_timeout_add (MISS_DELAY_MS, take_back_cb, self);
  if (result == CATUR_TRY_SOLVED && last && lessons->puzzle != NULL)
    {
      CaturVariant *variant = catur_puzzle_get_variant (lessons->puzzle);
      g_autoptr(GPtrArray) some = puzzles_like (self, variant,
                                                catur_puzzle_get_difficulty (lessons->puzzle));
      g_autofree char *said = g_steal_pointer (&answer);
      g_autofree char *title = describe_puzzle (self, lessons->puzzle);

      /* Translators: after a puzzle solved, e.g. "Mate. Puzzle solved! 4 of 20 solved." */
      answer = g_strdup_printf (_("%s %u of %u solved."), said, count_solved (some), some->len);
      catur_lesson_panel_set_title (lessons->panel, title);
    }

  catur_lesson_panel_set_answer (lessons->panel, result, answer, last);
  update_actions (self);
  say_after_move (self, answer);
}

/* A move on the lesson's board: the exercise says whether it does the task. */
static void
lesson_game_changed_cb (CaturWindow *self,
                        CaturGame   *game)
{
  CaturWindowLessons *lessons = self->lessons;
  guint n = catur_game_get_n_plies (game);

  if (game != lessons->game)
    return;
  if (n == 0)
    {
      /* Taken back to the step's start, by the player or after a miss: a try again. The
       * verdict on a try taken back before it came is not wanted. */
      g_cancellable_cancel (lessons->judging);
      if (catur_exercise_get_solved (lessons->exercise))
        catur_exercise_set_step_index (lessons->exercise,
                                       catur_exercise_get_step_index (lessons->exercise));
      lessons->answered = FALSE;
      update_actions (self);
      return;
    }
  if (lessons->answered)
    {
      if (catur_exercise_get_solved (lessons->exercise) && lessons->take_back_source == 0)
        {
          guint kept = catur_exercise_get_step (lessons->exercise)->has_reply ? 2 : 1;

          if (n > kept)
            lessons->take_back_source = g_timeout_add (MISS_DELAY_MS, take_back_cb, self);
        }
      return;
    }

  lessons->answered = TRUE;
  judge_board_try (self);
}

/* The board explains a move it refused: the panel answers the try with the same words. */
static void
explanation_changed_cb (CaturWindow *self)
{
  const char *why = catur_board_view_get_explanation (self->board_view);

  if (in_lesson (self) && why != NULL && *why != '\0'
      && !catur_exercise_get_solved (self->lessons->exercise))
    catur_lesson_panel_set_answer (self->lessons->panel, CATUR_TRY_ILLEGAL, why, FALSE);
}

/* The lesson is over: its board goes, and the game shown before comes back if @give_back. */
static void
end_lesson (CaturWindow *self,
            gboolean     give_back)
{
  CaturWindowLessons *lessons = self->lessons;
  g_autoptr(CaturGame) before = give_back ? g_steal_pointer (&lessons->before) : NULL;

  g_clear_handle_id (&lessons->take_back_source, g_source_remove);
  stop_judging (lessons);
  if (lessons->game != NULL)
    g_clear_signal_handler (&lessons->changed_id, lessons->game);
  g_clear_object (&lessons->game);
  g_clear_object (&lessons->exercise);
  g_clear_object (&lessons->puzzle);
  catur_lesson_panel_set_last_label (lessons->panel, NULL);
  gtk_widget_set_visible (GTK_WIDGET (lessons->panel), FALSE);
  update_actions (self);
  if (before != NULL)
    catur_window_set_game (self, before);
  update_start_bar (self);
}

static void
learn_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturWindowLessons *lessons = self->lessons;
  const char *id = g_variant_get_string (parameter, NULL);
  CaturVariant *variant = *id != '\0' ? catur_plugins_find_variant (id) : self->variant;
  CaturLesson *lesson;
  GPtrArray *list;
  guint step;
  gboolean finished;

  if (variant == NULL)
    return;
  list = lessons_of (self, variant);
  if (list->len == 0)
    return;
  lesson = g_ptr_array_index (list, 0);

  if (in_lesson (self))
    end_lesson (self, FALSE);
  else
    g_set_object (&lessons->before, self->game);
  lessons->exercise = catur_exercise_new (lesson);
  /* A lesson left half-way is taken up where the player was; a finished one starts over. */
  if (catur_lesson_load_progress (catur_lesson_get_id (lesson), &step, &finished)
      && step < catur_lesson_get_n_steps (lesson))
    catur_exercise_set_step_index (lessons->exercise, step);
  show_step (self);
}

/* Plays a puzzle of @difficulty: the first not solved after @after (or from the first), or
 * when all are solved, the one after @after. */
static void
start_puzzle (CaturWindow  *self,
              CaturVariant *variant,
              guint         difficulty,
              CaturPuzzle  *after)
{
  CaturWindowLessons *lessons = self->lessons;
  g_autoptr(GPtrArray) some = puzzles_like (self, variant, difficulty);
  guint start = 0, chosen;

  if (some->len == 0)
    return;
  if (after != NULL && g_ptr_array_find (some, after, &start))
    start++;
  chosen = start % some->len;
  for (guint i = 0; i < some->len; i++)
    if (!catur_puzzle_get_solved (g_ptr_array_index (some, (start + i) % some->len)))
      {
        chosen = (start + i) % some->len;
        break;
      }

  if (in_lesson (self))
    end_lesson (self, FALSE);
  else
    g_set_object (&lessons->before, self->game);
  g_set_object (&lessons->puzzle, g_ptr_array_index (some, chosen));
  lessons->exercise = catur_puzzle_new_exercise (lessons->puzzle);
  catur_lesson_panel_set_last_label (lessons->panel, _("_Next Puzzle"));
  show_step (self);
}

/* win.puzzle: a difficulty ("1" to "3"), or "" for the easiest with puzzles not solved. */
static void
puzzle_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  const char *text = g_variant_get_string (parameter, NULL);
  CaturVariant *variant = self->variant;
  guint64 difficulty = 1;

  if (variant == NULL || puzzles_of (self, variant)->len == 0)
    return;
  if (*text != '\0')
    {
      if (!g_ascii_string_to_unsigned (text, 10, 1, CATUR_PUZZLE_N_DIFFICULTIES, &difficulty,
                                       NULL))
        return;
    }
  else
    for (guint d = CATUR_PUZZLE_N_DIFFICULTIES; d >= 1; d--)
      {
        g_autoptr(GPtrArray) some = puzzles_like (self, variant, d);

        if (some->len > 0 && count_solved (some) < some->len)
          difficulty = d;
      }
  start_puzzle (self, variant, (guint) difficulty, NULL);
}

static void
lesson_show_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  const CaturLessonStep *step;
  CaturVariant *variant;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *spoken = NULL;
  CaturMove move = { 0 };

  if (!in_lesson (self))
    return;
  step = catur_exercise_get_step (self->lessons->exercise);
  variant = catur_lesson_get_variant (catur_exercise_get_lesson (self->lessons->exercise));
  /* The board marks two squares as it marks a hint: the first and the last named. */
  move.from = g_array_index (step->show, CaturSquare, 0);
  move.to = g_array_index (step->show, CaturSquare, step->show->len - 1);
  catur_board_view_set_hint (self->board_view, &move);
  for (guint i = 0; i < step->show->len; i++)
    {
      char name[8];

      catur_variant_square_name (variant, g_array_index (step->show, CaturSquare, i), name);
      if (i > 0)
        g_string_append (names, ", ");
      g_string_append (names, name);
    }
  /* Translators: said when "Show Me" lights up a lesson step's squares, e.g.
   * "Look at c2, c3, e3." */
  spoken = g_strdup_printf (_("Look at %s."), names->str);
  catur_window_announce (self, spoken);
}

static void
lesson_next_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturWindowLessons *lessons = self->lessons;
  g_autofree char *done = NULL;

  if (!in_lesson (self) || !catur_exercise_get_solved (lessons->exercise))
    return;
  if (catur_exercise_next (lessons->exercise))
    {
      show_step (self);
      return;
    }
  if (lessons->puzzle != NULL)
    {
      g_autoptr(CaturPuzzle) done_puzzle = g_object_ref (lessons->puzzle);

      start_puzzle (self, catur_puzzle_get_variant (done_puzzle),
                    catur_puzzle_get_difficulty (done_puzzle), done_puzzle);
      return;
    }
  /* Translators: a toast when the last step of a lesson is done, e.g.
   * "You finished “Learn to Play Xiangqi”." */
  done = g_strdup_printf (_("You finished “%s”."),
                          catur_lesson_get_title (catur_exercise_get_lesson (lessons->exercise)));
  end_lesson (self, TRUE);
  catur_window_show_toast (self, done, FALSE);
  catur_window_announce (self, done);
}

static void
lesson_quit_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  if (in_lesson (self))
    end_lesson (self, TRUE);
}

/* Coming back to the board during a lesson, a screen reader hears the task again, unless a
 * try's answer is still the news. */
static void
board_focus_enter_cb (CaturWindow *self)
{
  CaturWindowLessons *lessons = self->lessons;
  g_autofree char *spoken = NULL;

  if (!in_lesson (self) || lessons->answered)
    return;
  spoken = g_strdup_printf ("%s. %s", catur_lesson_panel_get_counter (lessons->panel),
                            catur_exercise_get_step (lessons->exercise)->task);
  catur_window_announce (self, spoken);
}

static void
shown_game_changed_cb (CaturWindow *self)
{
  update_start_bar (self);
}

static void
show_tips_changed_cb (CaturWindow *self)
{
  /* The window may be going: its lessons went first (catur_window_lessons_dispose()). */
  if (self->lessons == NULL)
    return;
  turn_tip (self);
  update_start_bar (self);
  catur_window_lessons_update_result (self);
}

static const GActionEntry lesson_entries[] = {
  { "learn", learn_action, "s" },
  { "puzzle", puzzle_action, "s" },
  { "lesson-show", lesson_show_action },
  { "lesson-next", lesson_next_action },
  { "lesson-quit", lesson_quit_action },
};

/**
 * catur_window_lessons_init:
 *
 * Adds the lesson panel and the start bar above the board, the tip to the result card, and
 * the actions win.learn (a variant id, or "" for the game shown), win.lesson-show,
 * win.lesson-next and win.lesson-quit.
 */
void
catur_window_lessons_init (CaturWindow *self)
{
  CaturWindowLessons *lessons = g_new0 (CaturWindowLessons, 1);
  GtkWidget *board_area = gtk_overlay_get_child (self->board_overlay);
  GtkWidget *result_card = gtk_widget_get_parent (GTK_WIDGET (self->result_moves));
  GtkEventController *focus;

  self->lessons = lessons;
  lessons->lessons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) g_ptr_array_unref);
  lessons->puzzles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) g_ptr_array_unref);
  lessons->tips = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_strfreev);
  /* Tips begin anywhere: the same first tip at every start would soon go unread. */
  lessons->tip_turn = g_random_int_range (0, 64);

  lessons->panel = CATUR_LESSON_PANEL (catur_lesson_panel_new ());
  gtk_widget_set_visible (GTK_WIDGET (lessons->panel), FALSE);
  gtk_box_prepend (GTK_BOX (board_area), GTK_WIDGET (lessons->panel));
  lessons->start_bar = CATUR_START_BAR (catur_start_bar_new ());
  gtk_widget_set_visible (GTK_WIDGET (lessons->start_bar), FALSE);
  gtk_box_insert_child_after (GTK_BOX (board_area), GTK_WIDGET (lessons->start_bar),
                              GTK_WIDGET (lessons->panel));

  lessons->result_tip = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (lessons->result_tip, TRUE);
  gtk_label_set_justify (lessons->result_tip, GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (lessons->result_tip, 40);
  gtk_widget_add_css_class (GTK_WIDGET (lessons->result_tip), "result-tip");
  gtk_widget_set_visible (GTK_WIDGET (lessons->result_tip), FALSE);
  gtk_box_insert_child_after (GTK_BOX (result_card), GTK_WIDGET (lessons->result_tip),
                              GTK_WIDGET (self->result_moves));

  g_action_map_add_action_entries (G_ACTION_MAP (self), lesson_entries,
                                   G_N_ELEMENTS (lesson_entries), self);
  update_actions (self);

  lessons->shown_signals = g_signal_group_new (CATUR_TYPE_GAME);
  g_signal_group_connect_object (lessons->shown_signals, "changed",
                                 G_CALLBACK (shown_game_changed_cb), self, G_CONNECT_SWAPPED);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_object (focus, "enter", G_CALLBACK (board_focus_enter_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->board_view), focus);
  g_signal_connect_object (self->board_view, "notify::explanation",
                           G_CALLBACK (explanation_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::show-tips",
                           G_CALLBACK (show_tips_changed_cb), self, G_CONNECT_SWAPPED);
}

void
catur_window_lessons_dispose (CaturWindow *self)
{
  CaturWindowLessons *lessons = self->lessons;

  if (lessons == NULL)
    return;
  self->lessons = NULL;
  g_clear_handle_id (&lessons->take_back_source, g_source_remove);
  g_clear_handle_id (&lessons->say_source, g_source_remove);
  stop_judging (lessons);
  g_free (lessons->to_say);
  if (lessons->game != NULL)
    g_clear_signal_handler (&lessons->changed_id, lessons->game);
  g_clear_object (&lessons->game);
  g_clear_object (&lessons->before);
  g_clear_object (&lessons->exercise);
  g_clear_object (&lessons->puzzle);
  g_signal_group_set_target (lessons->shown_signals, NULL);
  g_clear_object (&lessons->shown_signals);
  g_clear_pointer (&lessons->lessons, g_hash_table_unref);
  g_clear_pointer (&lessons->puzzles, g_hash_table_unref);
  g_clear_pointer (&lessons->tips, g_hash_table_unref);
  g_free (lessons->tip);
  g_free (lessons);
}

/* Whether @game is a lesson's board: neither kept with the player's games nor autosaved. */
gboolean
catur_window_is_lesson_game (CaturWindow *self,
                             CaturGame   *game)
{
  return (self->lessons != NULL && game != NULL && game == self->lessons->game)
         || catur_window_is_drill_game (self, game);
}

/**
 * catur_window_lessons_game_shown:
 * @game: the game the window shows now
 *
 * Another game shown ends the lesson (the player chose a game, or a new one); each game
 * shown turns the tips.
 */
void
catur_window_lessons_game_shown (CaturWindow *self,
                                 CaturGame   *game)
{
  CaturWindowLessons *lessons = self->lessons;

  if (lessons == NULL)
    return;
  if (in_lesson (self) && game != lessons->game)
    {
      g_clear_object (&lessons->before);
      end_lesson (self, FALSE);
    }
  g_signal_group_set_target (lessons->shown_signals, game);
  if (!in_lesson (self))
    turn_tip (self);
  update_start_bar (self);
}

/* The result card of a game the player lost to the computer gets a tip. */
void
catur_window_lessons_update_result (CaturWindow *self)
{
  CaturWindowLessons *lessons = self->lessons;
  const CaturOutcome *outcome;
  CaturSide computer;
  gboolean lost;

  if (lessons == NULL || lessons->result_tip == NULL)
    return;
  lost = FALSE;
  if (self->game != NULL && catur_game_is_over (self->game))
    {
      outcome = catur_game_get_outcome (self->game);
      computer = catur_game_get_computer_side (self->game);
      lost = outcome->result == CATUR_RESULT_WIN && computer != CATUR_SIDE_NONE
             && outcome->winner == computer;
    }
  gtk_label_set_text (lessons->result_tip, lessons->tip != NULL ? lessons->tip : "");
  gtk_widget_set_visible (GTK_WIDGET (lessons->result_tip), lost && lessons->tip != NULL);
}

/* For tests: the lesson panel and the start bar. */
GtkWidget *
catur_window_get_lesson_panel (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->lessons != NULL ? GTK_WIDGET (self->lessons->panel) : NULL;
}

GtkWidget *
catur_window_get_start_bar (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->lessons != NULL ? GTK_WIDGET (self->lessons->start_bar) : NULL;
}

/* The result card's tip, for tests: NULL when it shows none. */
const char *
catur_window_get_result_tip (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  if (self->lessons == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->lessons->result_tip)))
    return NULL;
  return gtk_label_get_text (self->lessons->result_tip);
}
