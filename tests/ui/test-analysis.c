/* test-analysis.c: the coach's analysis in the window (catur-window-analysis.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Xiangqi, by real keys and clicks (xdotool under Xvfb): Control+Shift+A analyses the game
 * shown, the sidebar shows the progress, its Cancel button stops it with what it judged kept,
 * and the action again finishes it; a click on the evaluation graph shows that ply, and Left
 * on the focused graph steps back and says the point in words; a Horse left hanging is marked
 * in the move list, said in the coach's panel, and its better move drawn as an arrow. With
 * CATUR_TEST_SCREENSHOTS set, /ui/analysis/screenshots analyses a game of each of the four
 * games and captures it in the light and the dark style.
 */
#include "catur-ui-test.h"

#include "catur-coach-panel.h"
#include "catur-eval-graph.h"

static CaturApplication *application;

static CaturGame *
xiangqi_game (const char *start,
              const char *moves)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  g_autoptr(GError) error = NULL;
  CaturPosition *position = start == NULL ? catur_variant_new_position (variant, NULL, 0)
                                          : catur_variant_parse (variant, start, &error);
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);
  CaturGame *game;

  g_assert_no_error (error);
  game = catur_game_new (variant, position);
  for (guint i = 0; list[i] != NULL; i++)
    {
      catur_game_play_text (game, list[i], &error);
      g_assert_no_error (error);
    }
  return game;
}

static CaturAnalysis *
analysis (CaturWindow *window)
{
  return catur_window_get_analysis (window);
}

static gboolean
judged_some (gpointer data)
{
  CaturAnalysis *shown = analysis (data);

  return shown != NULL && catur_analysis_get_n_judged (shown) >= 1;
}

static gboolean
finished (gpointer data)
{
  CaturAnalysis *shown = analysis (data);

  return shown != NULL && catur_analysis_get_complete (shown)
         && !catur_analysis_get_running (shown);
}

/* Waits up to a minute: a loaded machine judges slowly. */
static void
wait_finished (CaturWindow *window)
{
  for (guint i = 0; i < 12 && !finished (window); i++)
    catur_ui_test_wait_until (finished, window);
  g_assert_true (finished (window));
}

/* A real click at (@x, @y) of @widget. */
static void
x_click_widget (CaturWindow *window,
                GtkWidget   *widget,
                double       x,
                double       y)
{
  g_autofree char *xid = catur_ui_test_xid (window);
  g_autofree char *x_text = NULL;
  g_autofree char *y_text = NULL;
  double window_x, window_y, surface_x, surface_y;

  g_assert_true (gtk_widget_translate_coordinates (widget, GTK_WIDGET (window), x, y,
                                                   &window_x, &window_y));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &surface_x, &surface_y);
  x_text = g_strdup_printf ("%d", (int) (window_x + surface_x));
  y_text = g_strdup_printf ("%d", (int) (window_y + surface_y));
  /* The pointer comes first, and is seen to come: a press on a window the pointer entered in
   * the same burst can go to the surface GTK last knew. */
  catur_ui_test_xdotool ((const char *[]) { "mousemove", "--sync", "--window", xid, x_text,
                                            y_text, NULL });
  catur_ui_test_iterate (100);
  catur_ui_test_xdotool ((const char *[]) { "click", "1", NULL });
  catur_ui_test_iterate (50);
}

/* The label under @widget that reads @text. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The progress row: the parent of the bar, the box whose last child is Cancel. */
static GtkWidget *
cancel_button (CaturWindow *window)
{
  GtkWidget *graph = catur_window_get_eval_graph (window);
  GtkWidget *row = gtk_widget_get_prev_sibling (graph);

  g_assert_true (GTK_IS_BOX (row));
  return gtk_widget_get_last_child (row);
}

#ifdef GDK_WINDOWING_X11
static void
test_progress_and_cancel (void)
{
  CaturWindow *window;
  g_autoptr(CaturGame) game = xiangqi_game (NULL, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9 "
                                            "a0b0 c6c5 c3c4 g6g5 h0h4 b7a7 b2a2 a6a5");
  CaturAnalysis *shown;
  GtkWidget *cancel;
  guint judged;

  if (!catur_ui_test_can_send_events ())
    return;
  window = catur_ui_test_window (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (100);
  g_assert_null (analysis (window));
  g_assert_false (gtk_widget_get_visible (catur_window_get_eval_graph (window))
                  && gtk_widget_get_mapped (catur_window_get_eval_graph (window)));

  catur_ui_test_x_key (window, "ctrl+shift+a");
  catur_ui_test_iterate (50);
  shown = analysis (window);
  g_assert_nonnull (shown);
  g_assert_cmpuint (catur_analysis_get_n_wanted (shown), ==, 16);
  g_assert_true (catur_analysis_get_running (shown));
  cancel = cancel_button (window);
  g_assert_true (gtk_widget_get_mapped (cancel));
  g_assert_true (catur_ui_test_wait_until (judged_some, window));

  x_click_widget (window, cancel, gtk_widget_get_width (cancel) / 2.0,
                  gtk_widget_get_height (cancel) / 2.0);
  g_assert_false (catur_analysis_get_running (shown));
  judged = catur_analysis_get_n_judged (shown);
  g_assert_cmpuint (judged, >=, 1);
  g_assert_cmpuint (judged, <, 16);
  g_assert_false (gtk_widget_get_mapped (cancel));
  g_assert_cmpstr (catur_board_view_get_announcement (catur_window_get_board_view (window)),
                   ==, "Analysis stopped");
  catur_ui_test_iterate (300);
  g_assert_cmpuint (catur_analysis_get_n_judged (shown), ==, judged);

  /* Again: it goes on from where it stopped, to the end. */
  catur_ui_test_x_key (window, "ctrl+shift+a");
  g_assert_true (analysis (window) == shown);
  wait_finished (window);
  g_assert_cmpuint (catur_analysis_get_n_judged (shown), ==, 16);
  g_assert_true (g_str_has_prefix (catur_board_view_get_announcement (
                                     catur_window_get_board_view (window)), "Analysis done"));
  g_assert_true (gtk_widget_get_mapped (catur_window_get_eval_graph (window)));
  catur_ui_test_close (window);
}

static void
test_graph_click (void)
{
  CaturWindow *window;
  g_autoptr(CaturGame) game = xiangqi_game (NULL, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
  GtkWidget *graph;
  double x, y;
  g_autofree char *said = NULL;

  if (!catur_ui_test_can_send_events ())
    return;
  window = catur_ui_test_window (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  catur_window_set_game (window, game);
  catur_ui_test_x_key (window, "ctrl+shift+a");
  wait_finished (window);
  graph = catur_window_get_eval_graph (window);
  /* The coach's panel below may grow (Try Again on a mistake): the graph settles first. */
  catur_ui_test_iterate (500);
  g_assert_true (gtk_widget_get_mapped (graph));
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 6);

  g_assert_true (catur_eval_graph_get_point (CATUR_EVAL_GRAPH (graph), 3, &x, &y));
  g_test_message ("point 3 at %g, %g of %d x %d", x, y, gtk_widget_get_width (graph),
                  gtk_widget_get_height (graph));
  x_click_widget (window, graph, x, y);
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 3);
  g_assert_true (gtk_widget_has_focus (graph));

  /* The keyboard steps back, and the point is said. */
  catur_ui_test_x_key (window, "Left");
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 2);
  said = catur_eval_graph_describe_ply (CATUR_EVAL_GRAPH (graph), 2);
  g_assert_true (g_str_has_prefix (said, "Move 1, Black: from "));
  g_assert_cmpstr (catur_board_view_get_announcement (catur_window_get_board_view (window)), ==,
                   said);
  catur_ui_test_close (window);
}

static void
test_arrow (void)
{
  CaturWindow *window;
  g_autoptr(CaturGame) game = xiangqi_game ("3aka3/9/9/4p4/r8/9/2H1P4/9/9/3AKA3 w - - 0 1",
                                            "c3d5 a5d5");
  CaturBoardView *view;
  GtkWidget *coach;
  CaturSquare from, to;
  const CaturJudgement *verdict;
  CaturHistoryView *history;
  GtkWidget *cell;
  gboolean blunder;
  g_autofree char *check = NULL;

  if (!catur_ui_test_can_send_events ())
    return;
  window = catur_ui_test_window (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  catur_window_set_game (window, game);
  view = catur_window_get_board_view (window);
  catur_ui_test_x_key (window, "ctrl+shift+a");
  wait_finished (window);
  verdict = catur_analysis_get_judgement (analysis (window), 1);
  g_assert_cmpint (verdict->judge_class, >=, CATUR_JUDGE_MISTAKE);

  /* Black's capture is judged good: no arrow, no sentence. */
  g_assert_false (catur_board_view_get_arrow (view, NULL, NULL));

  /* Back to Red's ply by the review key. */
  catur_ui_test_x_key (window, "alt+Left");
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 1);
  g_assert_true (catur_board_view_get_arrow (view, &from, &to));
  g_assert_cmpint (from, ==, verdict->best.from);
  g_assert_cmpint (to, ==, verdict->best.to);
  coach = catur_window_get_coach_panel (window);
  g_assert_true (gtk_widget_get_mapped (coach));
  g_assert_nonnull (strstr (catur_coach_panel_get_text (CATUR_COACH_PANEL (coach)),
                            "Horse on d5"));
  g_assert_nonnull (strstr (catur_coach_panel_get_text (CATUR_COACH_PANEL (coach)), "Better: "));
  /* A screen reader hears it too, after the move shown. */
  g_assert_nonnull (strstr (catur_board_view_get_announcement (view), "Horse on d5"));

  /* The move list marks it, and reads the coach's word with it. */
  history = CATUR_HISTORY_VIEW (catur_ui_test_child (window, "history_view"));
  blunder = verdict->judge_class == CATUR_JUDGE_BLUNDER;
  cell = gtk_widget_get_parent (find_label (GTK_WIDGET (history), blunder ? "H7+6??" : "H7+6?"));
  g_assert_true (GTK_IS_BUTTON (cell));
  g_assert_true (gtk_widget_has_css_class (cell, blunder ? "blunder" : "mistake"));
  check = gtk_test_accessible_check_property (GTK_ACCESSIBLE (cell),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL,
                                              blunder ? "1. Red, H7+6, a blunder"
                                                      : "1. Red, H7+6, a mistake");
  g_assert_null (check);

  /* The mistake is kept to practise, and Try Again sets it up from the position before it. */
  {
    g_autoptr(CaturDrills) drills = catur_drills_new (NULL);
    g_autoptr(GPtrArray) kept = catur_drills_list (drills, "xiangqi");
    GtkWidget *button = gtk_widget_get_ancestor (find_label (coach, "Try Again"),
                                                 GTK_TYPE_BUTTON);
    gboolean found = FALSE;

    for (guint i = 0; i < kept->len; i++)
      {
        CaturDrill *drill = g_ptr_array_index (kept, i);

        if (g_str_equal (drill->played, "c3d5"))
          {
            found = TRUE;
            g_assert_nonnull (drill->best);
            g_assert_nonnull (strstr (drill->sentence, "Horse on d5"));
          }
      }
    g_assert_true (found);
    g_assert_nonnull (button);
    g_assert_true (gtk_widget_get_mapped (button));
    gtk_widget_activate (button);
    catur_ui_test_iterate (300);
    {
      CaturGame *drill = catur_window_get_game (window);
      CaturVariant *variant = catur_game_get_variant (drill);
      g_autofree char *text = catur_variant_format (variant, catur_game_get_position (drill));

      g_assert_true (drill != game);
      g_assert_true (g_str_has_prefix (text, "3aka3/9/9/4p4/r8/9/2N1P4/9/9/3AKA3 w"));
    }
  }
  catur_ui_test_close (window);
}

/* A game of @plies plies between two Beginners, seeded. */
static CaturGame *
beginners_game (CaturVariant *variant,
                guint         plies)
{
  CaturGame *game = catur_game_new (variant, catur_variant_new_position (variant, NULL, 3));

  for (guint ply = 0; ply < plies && !catur_game_is_over (game); ply++)
    {
      g_autoptr(CaturPosition) seen = catur_variant_observe (variant,
                                                             catur_game_get_position (game));
      g_autoptr(GError) error = NULL;
      CaturSearchResult result = { 0 };
      CaturSearchLimits limits;

      catur_search_limits_init (&limits, CATUR_LEVEL_BEGINNER);
      limits.seed = 500 + ply;
      g_assert_true (catur_variant_think (variant, seen, &limits, NULL, NULL, NULL, &result,
                                          &error));
      g_assert_true (catur_game_play (game, &result.move, &error));
    }
  return game;
}

static void
test_screenshots (void)
{
  static const char * const ids[] = { "xiangqi", "chess", "shogi", "banqi" };
  AdwStyleManager *style = adw_style_manager_get_default ();
  CaturWindow *window;

  if (g_getenv ("CATUR_TEST_SCREENSHOTS") == NULL)
    {
      g_test_skip ("CATUR_TEST_SCREENSHOTS is not set");
      return;
    }
  if (!catur_ui_test_can_send_events ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      CaturVariant *variant = catur_plugins_find_variant (ids[i]);
      g_autoptr(CaturGame) game = NULL;
      guint worst = 0;
      int worst_loss = 0;
      AdwFlap *flap;
      g_autofree char *light = NULL;
      g_autofree char *dark = NULL;

      if (variant == NULL)
        continue;
      game = beginners_game (variant, 40);
      window = catur_ui_test_window (application);
      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
      catur_window_set_game (window, game);
      catur_ui_test_x_key (window, "ctrl+shift+a");
      wait_finished (window);
      /* The worst ply, with its arrow and the coach's words. */
      for (guint ply = 1; ply <= catur_game_get_n_plies (game); ply++)
        {
          const CaturJudgement *verdict = catur_analysis_get_judgement (analysis (window), ply);

          g_assert_nonnull (verdict);
          if (worst == 0 || verdict->loss > worst_loss)
            {
              worst = ply;
              worst_loss = verdict->loss;
            }
        }
      catur_game_set_view_ply (game, worst);
      /* Banqi's wide board folds the sidebar away: it is brought over the board. */
      flap = ADW_FLAP (catur_ui_test_child (window, "flap"));
      if (adw_flap_get_folded (flap))
        adw_flap_set_reveal_flap (flap, TRUE);
      g_assert_true (worst_loss == 0
                     || catur_analysis_get_judgement (analysis (window), worst)->judge_class
                        < CATUR_JUDGE_INACCURACY
                     || catur_board_view_get_arrow (catur_window_get_board_view (window), NULL,
                                                    NULL));
      light = g_strdup_printf ("analysis-%s-light", ids[i]);
      dark = g_strdup_printf ("analysis-%s-dark", ids[i]);
      adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
      catur_ui_test_screenshot (light);
      adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
      catur_ui_test_screenshot (dark);
      adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
      catur_ui_test_close (window);
    }
}
#endif

int
main (int    argc,
      char **argv)
{
  int status;

  catur_ui_test_isolate ();
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  if (catur_plugins_find_variant ("xiangqi") == NULL)
    {
      catur_ui_test_missing ("This build has no Xiangqi");
      return g_test_run ();
    }
  application = catur_ui_test_application ();
#ifdef GDK_WINDOWING_X11
  g_test_add_func ("/ui/analysis/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/ui/analysis/graph-click", test_graph_click);
  g_test_add_func ("/ui/analysis/arrow", test_arrow);
  g_test_add_func ("/ui/analysis/screenshots", test_screenshots);
#endif
  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
