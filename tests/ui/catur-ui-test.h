/* catur-ui-test.h: helpers shared by the UI tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <catur.h>

#include "catur-application.h"
#include "catur-board-view.h"
#include "catur-clock-face.h"
#include "catur-history-view.h"
#include "catur-new-game-dialog.h"
#include "catur-turn-panel.h"
#include "catur-window.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

/* Keeps the tests off any session bus and portal: they need neither. Saved games go to a
 * folder of the test's own, never the user's: its name stays in XDG_DATA_HOME, and the
 * folder is left for the system to clean with the rest of /tmp. */
/* A test that needs what this build left out (a game built with -Dxiangqi=false, a locale) is
 * skipped; under CI, which builds and installs everything, the same absence is a failure, so
 * that a suite cannot pass by skipping. */
static inline void
catur_ui_test_missing (const char *what)
{
  if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
    g_test_fail_printf ("%s (CI=true: nothing may be skipped)", what);
  else
    g_test_skip (what);
}

static inline void
catur_ui_test_isolate (void)
{
  g_autofree char *data_home = g_dir_make_tmp ("catur-ui-test-XXXXXX", NULL);

  g_setenv ("DBUS_SESSION_BUS_ADDRESS", "disabled:", TRUE);
  g_setenv ("ADW_DISABLE_PORTAL", "1", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  if (data_home != NULL)
    g_setenv ("XDG_DATA_HOME", data_home, TRUE);
}

/* Forgets every game's autosave, so that the next window starts a new game. */
static inline void
catur_ui_test_forget_games (void)
{
  GPtrArray *variants = catur_plugins_get_variants ();

  for (guint i = 0; i < variants->len; i++)
    {
      g_autofree char *path =
        catur_autosave_get_path (catur_variant_get_id (g_ptr_array_index (variants, i)));

      g_remove (path);
    }
}

/* An application registered in-process, so that windows may be added to it. */
static inline CaturApplication *
catur_ui_test_application (void)
{
  g_autoptr(GError) error = NULL;
  CaturApplication *application = catur_application_new ();

  g_application_set_flags (G_APPLICATION (application),
                           G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_COMMAND_LINE
                           | G_APPLICATION_HANDLES_OPEN);
  g_application_register (G_APPLICATION (application), NULL, &error);
  g_assert_no_error (error);
  return application;
}

/* Runs the main context for @ms milliseconds. */
static inline void
catur_ui_test_iterate (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * G_TIME_SPAN_MILLISECOND;

  do
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (2 * G_TIME_SPAN_MILLISECOND);
    }
  while (g_get_monotonic_time () < end);
}

typedef gboolean (*CaturUiTestCheck) (gpointer data);

/* Runs the main context until @check holds, for at most five seconds. */
static inline gboolean
catur_ui_test_wait_until (CaturUiTestCheck check,
                          gpointer         data)
{
  gint64 end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;

  while (!check (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      catur_ui_test_iterate (5);
    }
  return TRUE;
}

static inline gboolean
catur_ui_test_board_ready (gpointer data)
{
  CaturBoardView *view = data;

  return gtk_widget_get_mapped (GTK_WIDGET (view))
         && catur_board_view_get_layout (view)->cell > 10;
}

/* Captures the screen as @name.png in $CATUR_TEST_SCREENSHOTS, when it is set: the tests
 * show what a player sees, to be looked at in each style, scale and language. */
static inline void
catur_ui_test_screenshot (const char *name)
{
  const char *folder = g_getenv ("CATUR_TEST_SCREENSHOTS");
  g_autofree char *file = NULL;
  g_autofree char *command = NULL;
  g_autoptr(GError) error = NULL;

  if (folder == NULL)
    return;
  catur_ui_test_iterate (300);
  file = g_strdup_printf ("%s/%s.png", folder, name);
  command = g_strdup_printf ("import -window root %s", file);
  if (!g_spawn_command_line_sync (command, NULL, NULL, NULL, &error))
    g_test_message ("screenshot %s: %s", file, error->message);
}

/* A new window, shown and drawn. */
static inline CaturWindow *
catur_ui_test_window (CaturApplication *application)
{
  CaturWindow *window;

  /* Each test starts from a new game, not from where the previous one left off. */
  catur_ui_test_forget_games ();
  window = catur_window_new (application);

  gtk_window_present (GTK_WINDOW (window));
  if (catur_window_get_game (window) != NULL)
    {
      CaturBoardView *view = catur_window_get_board_view (window);

      gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
      g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready, view));
    }
  else
    gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static inline void
catur_ui_test_close (CaturWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  catur_ui_test_iterate (20);
}

/* A click at the centre of @square, or of a hand slot (CATUR_SQUARE_HAND()), as the pointer
 * would make it. */
static inline void
catur_ui_test_click (CaturBoardView *view,
                     CaturSquare     square)
{
  double x, y;

  g_assert_true (catur_board_view_square_center (view, square, &x, &y));
  catur_board_view_click_at (view, x, y);
  catur_ui_test_iterate (10);
}

static inline GObject *
catur_ui_test_child (CaturWindow *window,
                     const char  *name)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (window), CATUR_TYPE_WINDOW, name);

  g_assert_nonnull (child);
  return child;
}

/* The menu of the window's menu button @name, opened as a click opens it: the window gives a
 * menu button its menu when it first opens. */
static inline GMenuModel *
catur_ui_test_open_menu (CaturWindow *window,
                         const char  *name)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (catur_ui_test_child (window, name));
  GMenuModel *menu;

  gtk_menu_button_popup (button);
  catur_ui_test_iterate (20);
  menu = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (menu);
  g_assert_nonnull (gtk_menu_button_get_popover (button));
  gtk_menu_button_popdown (button);
  catur_ui_test_iterate (20);
  return menu;
}

/* The text of the window's template label @name. */
static inline const char *
catur_ui_test_label_text (CaturWindow *window,
                          const char  *name)
{
  return gtk_label_get_text (GTK_LABEL (catur_ui_test_child (window, name)));
}

/* Whether the window's template revealer @name shows its child. */
static inline gboolean
catur_ui_test_revealed (CaturWindow *window,
                        const char  *name)
{
  return gtk_revealer_get_reveal_child (GTK_REVEALER (catur_ui_test_child (window, name)));
}

/* The widget under @widget (or @widget) named @name (gtk_widget_set_name()), or NULL. */
static inline GtkWidget *
catur_ui_test_find_named (GtkWidget  *widget,
                          const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = catur_ui_test_find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether a GtkLabel under @widget reads @text. */
static inline gboolean
catur_ui_test_has_label (GtkWidget  *widget,
                         const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (catur_ui_test_has_label (child, text))
      return TRUE;
  return FALSE;
}

/* Whether @widget, or what is under it, shows @text, each test's own way. */
typedef gboolean (*CaturUiTestHasText) (GtkWidget  *widget,
                                        const char *text);

typedef struct
{
  CaturUiTestHasText has;
  GtkWidget *widget;
  const char *text;
} CaturUiTestText;

static inline gboolean
catur_ui_test_text_found (gpointer data)
{
  CaturUiTestText *wanted = data;

  return wanted->has (wanted->widget, wanted->text);
}

/* Waits until @has finds @text under @widget. */
static inline gboolean
catur_ui_test_wait_for_text (CaturUiTestHasText  has,
                             GtkWidget          *widget,
                             const char         *text)
{
  CaturUiTestText wanted = { has, widget, text };

  return catur_ui_test_wait_until (catur_ui_test_text_found, &wanted);
}

/* Waits until a label under @widget reads @text. */
static inline gboolean
catur_ui_test_wait_for_label (GtkWidget  *widget,
                              const char *text)
{
  return catur_ui_test_wait_for_text (catur_ui_test_has_label, widget, text);
}

/* The message dialog shown now (a question to a player), or NULL. */
static inline AdwMessageDialog *
catur_ui_test_find_message_dialog (void)
{
  g_autoptr(GList) windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

static inline gboolean
catur_ui_test_message_dialog_shown (gpointer data)
{
  return catur_ui_test_find_message_dialog () != NULL;
}

/* Waits for a message dialog, checks its heading contains @heading_part (may be NULL) and its
 * body @body (may be NULL), and answers it with @response, as a click on that button does. */
static inline void
catur_ui_test_answer (const char *heading_part,
                      const char *body,
                      const char *response)
{
  AdwMessageDialog *dialog;

  g_assert_true (catur_ui_test_wait_until (catur_ui_test_message_dialog_shown, NULL));
  dialog = catur_ui_test_find_message_dialog ();
  g_test_message ("dialog: %s / %s", adw_message_dialog_get_heading (dialog),
                  adw_message_dialog_get_body (dialog));
  if (heading_part != NULL)
    g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), heading_part));
  if (body != NULL)
    g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, body);
  g_assert_true (adw_message_dialog_has_response (dialog, response));
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (20);
}

/* Whether @widget or a label under it is drawn cut short (ellipsized). */
static inline gboolean
catur_ui_test_cut_short (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    {
      g_test_message ("cut short: %s", gtk_label_get_text (GTK_LABEL (widget)));
      return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (catur_ui_test_cut_short (child))
      return TRUE;
  return FALSE;
}

/* Checks the strip under the board once its bars have faded in or out: the bar @name
 * ("review_revealer", "explanation_revealer", or NULL for none) is shown whole and centred
 * under the board, a hidden bar takes no room, and the board is centred in its area, no room
 * kept below it for the strip. */
static inline void
catur_ui_test_check_strip (CaturWindow *window,
                           const char  *name)
{
  static const char * const bars[] = { "review_revealer", "explanation_revealer" };
  CaturBoardView *view = catur_window_get_board_view (window);
  /* The board's area: the overlay over it holds the strip and the result card. */
  GtkWidget *overlay = gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (view)));
  const CaturBoardLayout *layout;
  graphene_rect_t board, area;
  double x0, x9, y;

  catur_ui_test_iterate (600);
  for (guint i = 0; i < G_N_ELEMENTS (bars); i++)
    {
      GtkWidget *bar = GTK_WIDGET (catur_ui_test_child (window, bars[i]));
      graphene_rect_t bounds;

      if (g_strcmp0 (name, bars[i]) != 0)
        {
          g_assert_false (gtk_widget_get_visible (bar));
          continue;
        }
      g_assert_true (gtk_widget_get_mapped (bar));
      g_assert_false (catur_ui_test_cut_short (bar));
      g_assert_true (gtk_widget_compute_bounds (bar, GTK_WIDGET (view), &bounds));
      layout = catur_board_view_get_layout (view);
      g_assert_true (catur_board_view_square_center (view, 0, &x0, &y));
      g_assert_true (catur_board_view_square_center (view, layout->files - 1, &x9, &y));
      g_test_message ("%s: %.0f wide, centre %.1f, board centre %.1f", bars[i],
                      bounds.size.width, bounds.origin.x + bounds.size.width / 2, (x0 + x9) / 2);
      g_assert_cmpfloat (fabs (bounds.origin.x + bounds.size.width / 2 - (x0 + x9) / 2), <, 2.0);
    }

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (view), overlay, &board));
  g_assert_true (gtk_widget_compute_bounds (overlay, overlay, &area));
  g_test_message ("board view %.0f to %.0f of %.0f", board.origin.y,
                  board.origin.y + board.size.height, area.size.height);
  g_assert_cmpfloat (fabs (board.origin.y - (area.size.height - board.origin.y
                                             - board.size.height)), <, 2.0);
}

/* The choices a combo row of the New Game dialog offers, as it shows them, in order. */
static inline char **
catur_ui_test_row_choices (AdwComboRow *row)
{
  GListModel *model = adw_combo_row_get_model (row);
  guint n = g_list_model_get_n_items (model);
  char **choices = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      choices[i] = g_strdup (gtk_string_object_get_string (item));
    }
  return choices;
}

/* The New Game dialog of the window's game offers exactly @expected (%NULL-terminated) as its
 * game clocks; then it is closed. With @expected %NULL the game offers no game clock. */
static inline void
catur_ui_test_check_clock_choices (CaturWindow        *window,
                                   const char * const *expected)
{
  CaturNewGameDialog *dialog;
  AdwComboRow *row;

  catur_window_show_new_game_dialog (window);
  catur_ui_test_iterate (10);
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  row = catur_new_game_dialog_get_option_row (dialog, CATUR_OPTION_CLOCK);
  if (expected == NULL)
    g_assert_null (row);
  else
    {
      g_auto(GStrv) choices = NULL;

      g_assert_nonnull (row);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
      choices = catur_ui_test_row_choices (row);
      g_assert_cmpstrv (choices, expected);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (10);
}

/* A new game of @variant from @text (%NULL: its start, dealt with seed 1) under the time
 * control @clock (its options' `clock`), shown in @window, whose clock runs as the window
 * plays it. Returns: (transfer none): the game, which the window keeps */
static inline CaturGame *
catur_ui_test_timed_game (CaturWindow  *window,
                          CaturVariant *variant,
                          const char   *text,
                          const char   *clock)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GError) error = NULL;
  CaturPosition *start;
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, CATUR_OPTION_CLOCK, "s", clock);
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  start = text != NULL ? catur_variant_parse (variant, text, &error)
                       : catur_variant_new_position (variant, options, 1);
  g_assert_no_error (error);
  game = catur_game_new (variant, start);
  catur_game_set_options (game, options);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (10);
  g_assert_true (catur_game_get_clock_live (game));
  return game;
}

/* The window's clock face @name ("top_clock", "bottom_clock"). */
static inline CaturClockFace *
catur_ui_test_clock_face (CaturWindow *window,
                          const char  *name)
{
  return CATUR_CLOCK_FACE (catur_ui_test_child (window, name));
}

/* The time on the clock face whose side's clock runs, as shown; %NULL when no clock runs. */
static inline const char *
catur_ui_test_running_clock_text (CaturWindow *window)
{
  static const char * const names[] = { "top_clock", "bottom_clock" };
  CaturGame *game = catur_window_get_game (window);
  CaturClock *clock = game != NULL ? catur_game_get_clock (game) : NULL;

  if (clock == NULL || catur_clock_get_running (clock) == CATUR_SIDE_NONE)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      CaturClockFace *face = catur_ui_test_clock_face (window, names[i]);

      if (catur_clock_face_get_side (face) == catur_clock_get_running (clock))
        return catur_clock_face_get_text (face);
    }
  return NULL;
}

/* Runs the main context until @game is over, for at most @seconds: the clock's own timeout
 * ends a game whose flag falls, with no test calling the expiry. */
static inline gboolean
catur_ui_test_wait_over (CaturGame *game,
                         guint      seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;

  while (!catur_game_is_over (game) && g_get_monotonic_time () < deadline)
    catur_ui_test_iterate (1);
  return catur_game_is_over (game);
}

typedef struct
{
  CaturWindow *window;
  guint plies;
} CaturUiTestOpened;

static inline gboolean
catur_ui_test_opened (gpointer data)
{
  CaturUiTestOpened *opened = data;
  CaturGame *game = catur_window_get_game (opened->window);

  return game != NULL && catur_window_get_game_file (opened->window) != NULL
         && catur_game_get_n_plies (game) == opened->plies;
}

static inline gboolean
catur_ui_test_file_written (gpointer path)
{
  g_autofree char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) && text[0] != '\0';
}

/* Saves the game of @window as @name (its extension names the format) in a folder of the
 * test's own, checks that the file says @expected, and opens it in a new window, as a player
 * would. Returns: (transfer none): the new window, showing the game read back */
static inline CaturWindow *
catur_ui_test_save_and_reopen (CaturApplication *application,
                               CaturWindow      *window,
                               const char       *name,
                               const char       *expected)
{
  g_autofree char *folder = g_dir_make_tmp ("catur-clock-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  CaturUiTestOpened opened = { NULL, catur_game_get_n_plies (catur_window_get_game (window)) };

  catur_window_save_to_file (window, file, NULL);
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_file_written, path));
  catur_ui_test_iterate (50);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, expected));

  opened.window = catur_ui_test_window (application);
  catur_window_open_file (opened.window, file);
  /* Reading and showing the game may take long on a busy machine: ten seconds. */
  if (!catur_ui_test_wait_until (catur_ui_test_opened, &opened)
      && !catur_ui_test_wait_until (catur_ui_test_opened, &opened))
    {
      CaturGame *game = catur_window_get_game (opened.window);
      AdwMessageDialog *dialog = catur_ui_test_find_message_dialog ();

      g_test_message ("not opened: %u plies, %s file; %s", catur_game_get_n_plies (game),
                      catur_window_get_game_file (opened.window) != NULL ? "a" : "no",
                      dialog != NULL ? adw_message_dialog_get_body (dialog) : "no dialog");
      g_assert_not_reached ();
    }
  return opened.window;
}

/* The time control of @game's clock as its text ("-" for none). */
static inline char *
catur_ui_test_clock_text (CaturGame *game)
{
  return catur_time_control_to_string (catur_clock_get_control (catur_game_get_clock (game)));
}

typedef struct
{
  CaturGame *game;
  guint plies;
} CaturUiTestPlies;

static inline gboolean
catur_ui_test_answered (gpointer data)
{
  CaturUiTestPlies *wanted = data;

  return catur_game_is_over (wanted->game)
         || (catur_game_get_n_plies (wanted->game) == wanted->plies
             && !catur_game_get_thinking (wanted->game));
}

/* The computer (Master, the second side) on the clock @clock of a new game of @variant shown
 * in @window: the player moves at once (the first legal move, or @moves, coordinate texts,
 * while they last), and the computer answers @replies times, each time within its clock (it
 * takes its time from the clock: the level's own time would make it flag). */
static inline void
catur_ui_test_computer_on_clock (CaturWindow        *window,
                                 CaturVariant       *variant,
                                 const char         *clock,
                                 const char * const *moves,
                                 guint               replies)
{
  CaturGame *game = catur_ui_test_timed_game (window, variant, NULL, clock);
  g_autofree char *kept = NULL;
  guint n_moves = moves != NULL ? g_strv_length ((char **) moves) : 0;

  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_MASTER, 0);
  kept = catur_ui_test_clock_text (game);
  g_assert_cmpstr (kept, ==, clock);
  for (guint i = 0; i < replies; i++)
    {
      CaturUiTestPlies wanted = { game, 2 * (i + 1) };
      g_autoptr(GError) error = NULL;
      CaturMove move;

      if (i < n_moves)
        g_assert_true (catur_variant_parse_move (variant, catur_game_get_position (game),
                                                 moves[i], &move, &error));
      else
        {
          g_autoptr(GArray) legal = catur_variant_legal_moves (variant,
                                                               catur_game_get_position (game));

          g_assert_cmpuint (legal->len, >, 0);
          move = g_array_index (legal, CaturMove, 0);
        }
      g_assert_no_error (error);
      g_assert_true (catur_game_play (game, &move, &error));
      g_assert_no_error (error);
      g_assert_true (catur_ui_test_wait_until (catur_ui_test_answered, &wanted));
      g_test_message ("reply %u: %" G_GINT64_FORMAT " ms left", i + 1,
                      catur_clock_get_remaining (catur_game_get_clock (game),
                                                 CATUR_SIDE_SECOND));
      g_assert_false (catur_game_is_over (game));
      g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2 * (i + 1));
      g_assert_cmpint (catur_clock_get_remaining (catur_game_get_clock (game),
                                                  CATUR_SIDE_SECOND), >, 0);
    }
}

#ifdef GDK_WINDOWING_X11
/* Real events: what the X server sends (xdotool under Xvfb) goes through GTK's event delivery
 * and the widgets' own controllers and shortcuts, not a call of ours. */

/* Whether real events can be sent; the test is skipped when not. */
static inline gboolean
catur_ui_test_can_send_events (void)
{
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("Real events are sent through an X server");
      return FALSE;
    }
  if (g_find_program_in_path ("xdotool") == NULL)
    {
      g_test_skip ("xdotool is not installed");
      return FALSE;
    }
  return TRUE;
}

/* Runs xdotool with @args on the X server the window is on, and waits until it is done. */
static inline void
catur_ui_test_xdotool (const char * const *args)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_autofree char *errors = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_strv_builder_add (builder, "xdotool");
  g_strv_builder_addv (builder, (const char **) args);
  argv = g_strv_builder_end (builder);
  g_assert_true (g_spawn_sync (NULL, argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, &errors, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("xdotool %s failed: %s", args[0], errors);
}

static inline char *
catur_ui_test_xid (CaturWindow *window)
{
  return g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (
                            gtk_native_get_surface (GTK_NATIVE (window))));
}

/* A real button press and release on @square. */
static inline void
catur_ui_test_x_click (CaturWindow    *window,
                       CaturBoardView *view,
                       CaturSquare     square)
{
  GtkNative *native = GTK_NATIVE (window);
  g_autofree char *xid = catur_ui_test_xid (window);
  g_autofree char *x_text = NULL;
  g_autofree char *y_text = NULL;
  double x, y, window_x, window_y, surface_x, surface_y;

  g_assert_true (catur_board_view_square_center (view, square, &x, &y));
  g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (view), GTK_WIDGET (window), x, y,
                                                   &window_x, &window_y));
  gtk_native_get_surface_transform (native, &surface_x, &surface_y);
  x_text = g_strdup_printf ("%d", (int) (window_x + surface_x));
  y_text = g_strdup_printf ("%d", (int) (window_y + surface_y));
  catur_ui_test_xdotool ((const char *[]) { "mousemove", "--sync", "--window", xid, x_text,
                                            y_text, "click", "1", NULL });
}

/* A real key press (xdotool's names: `Return`, `ctrl+l`, `shift+h`), sent to the window that
 * has the X input focus. */
static inline void
catur_ui_test_x_key (CaturWindow *window,
                     const char  *key)
{
  g_autofree char *xid = catur_ui_test_xid (window);

  catur_ui_test_xdotool ((const char *[]) { "windowfocus", "--sync", xid, NULL });
  catur_ui_test_xdotool ((const char *[]) { "key", key, NULL });
}

/* Real key presses that type @text, one character after another. */
static inline void
catur_ui_test_x_type (CaturWindow *window,
                      const char  *text)
{
  g_autofree char *xid = catur_ui_test_xid (window);

  catur_ui_test_xdotool ((const char *[]) { "windowfocus", "--sync", xid, NULL });
  catur_ui_test_xdotool ((const char *[]) { "type", "--delay", "20", text, NULL });
}

/* Brings @widget's toplevel over the others: with no window manager the windows overlap, and a
 * click goes to whichever is on top. */
static inline void
catur_ui_test_x_raise (GtkWidget *widget)
{
  g_autofree char *xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (
                                            gtk_native_get_surface (gtk_widget_get_native (
                                                                      widget))));

  catur_ui_test_xdotool ((const char *[]) { "windowraise", xid, NULL });
  catur_ui_test_iterate (30);
}

/* A real click at the centre of @widget, its toplevel raised first. */
static inline void
catur_ui_test_x_click_widget (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  g_autofree char *xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (
                                            gtk_native_get_surface (native)));
  g_autofree char *x_text = NULL;
  g_autofree char *y_text = NULL;
  graphene_rect_t bounds;
  double surface_x, surface_y;

  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (native), &bounds));
  gtk_native_get_surface_transform (native, &surface_x, &surface_y);
  x_text = g_strdup_printf ("%d", (int) (bounds.origin.x + bounds.size.width / 2 + surface_x));
  y_text = g_strdup_printf ("%d", (int) (bounds.origin.y + bounds.size.height / 2 + surface_y));
  catur_ui_test_x_raise (widget);
  catur_ui_test_xdotool ((const char *[]) { "mousemove", "--sync", "--window", xid, x_text,
                                            y_text, "click", "1", NULL });
  catur_ui_test_iterate (50);
}

/* Real keys to @widget's toplevel, raised and given the X input focus: xdotool's @action
 * "key" (names such as `ctrl+v`) or "type" (text). */
static inline void
catur_ui_test_x_keys (GtkWidget  *widget,
                      const char *action,
                      const char *keys)
{
  g_autofree char *xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (
                                            gtk_native_get_surface (gtk_widget_get_native (
                                                                      widget))));

  catur_ui_test_x_raise (widget);
  catur_ui_test_xdotool ((const char *[]) { "windowfocus", "--sync", xid, NULL });
  catur_ui_test_xdotool ((const char *[]) { action, "--delay", "20", keys, NULL });
  catur_ui_test_iterate (50);
}
#endif
