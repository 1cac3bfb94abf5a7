/* catur-clock-face.c: one player's clock, shown by the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window shows two of these, one above the board for the player sitting at its top and
 * one below it for the player at the bottom, so that both clocks are in view whatever the
 * sidebar does. A face reads the game's clock (CaturClock); while its side's time runs it
 * redraws a few times a second on its own, since the clock itself emits nothing between a
 * start and a stop.
 */
#define G_LOG_DOMAIN "catur-clock-face"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-clock-face.h"
#include "catur-window.h"

/* Often enough that tenths under ten seconds change on time. */
#define TICK_MS 100

struct _CaturClockFace
{
  GtkWidget parent_instance;

  CaturGame *game;
  CaturClock *clock;
  CaturSide side;
  guint tick_id;
  /* Shown as the player's plate, without time, in a game with no clock. */
  gboolean plate;

  GtkWidget *box;
  GtkLabel *side_label;
  GtkLabel *time_label;
  GtkLabel *extra_label;
};

G_DEFINE_FINAL_TYPE (CaturClockFace, catur_clock_face, GTK_TYPE_WIDGET)

static void
set_class (GtkWidget  *widget,
           const char *name,
           gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, name);
  else
    gtk_widget_remove_css_class (widget, name);
}

/* Under the time: what the control adds ("+5 s"), or the byoyomi periods left. */
static char *
extra_text (CaturClockFace *self)
{
  const CaturTimeControl *control = catur_clock_get_control (self->clock);
  guint periods = catur_clock_get_periods (self->clock, self->side);

  switch (control->kind)
    {
    case CATUR_CLOCK_FISCHER:
      /* Translators: the Fischer increment by a clock, "+5 s" */
      return g_strdup_printf (_("+%u s"), control->extra);
    case CATUR_CLOCK_BRONSTEIN:
      /* Translators: the Bronstein delay by a clock, "delay 5 s" */
      return g_strdup_printf (_("delay %u s"), control->extra);
    case CATUR_CLOCK_BYOYOMI:
      if (catur_clock_in_byoyomi (self->clock, self->side))
        /* Translators: byoyomi periods left by a clock, "byoyomi × 2" */
        return g_strdup_printf (_("byoyomi × %u"), periods);
      if (periods == 1)
        /* Translators: the byoyomi to come, by a clock: "then 30 s" */
        return g_strdup_printf (_("then %u s"), control->extra);
      /* Translators: the byoyomi to come, by a clock: "then 3 × 30 s" */
      return g_strdup_printf (_("then %u × %u s"), periods, control->extra);
    case CATUR_CLOCK_PER_MOVE:
      return g_strdup (_("a move"));
    case CATUR_CLOCK_NONE:
    case CATUR_CLOCK_SUDDEN_DEATH:
    default:
      return NULL;
    }
}

/* The plate of a game without a clock: the side's name, marked while it is to move. */
static void
update_plate (CaturClockFace *self)
{
  gboolean to_move = !catur_game_is_over (self->game)
                     && catur_game_get_side_to_move (self->game) == self->side;

  gtk_widget_set_visible (GTK_WIDGET (self->time_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->extra_label), FALSE);
  set_class (self->box, "running", to_move);
  set_class (self->box, "low", FALSE);
  set_class (self->box, "flagged", FALSE);
}

static void
update_time (CaturClockFace *self)
{
  g_autofree char *time = NULL;
  g_autofree char *extra = NULL;
  gboolean running;

  if (self->clock == NULL || !catur_clock_is_timed (self->clock))
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->time_label), TRUE);
  running = catur_clock_get_running (self->clock) == self->side;
  time = catur_clock_format (self->clock, self->side);
  extra = extra_text (self);
  gtk_label_set_text (self->time_label, time);
  gtk_label_set_text (self->extra_label, extra != NULL ? extra : "");
  gtk_widget_set_visible (GTK_WIDGET (self->extra_label), extra != NULL);
  set_class (self->box, "running", running);
  set_class (self->box, "low", catur_clock_is_low (self->clock, self->side));
  set_class (self->box, "flagged", catur_clock_get_remaining (self->clock, self->side) == 0);
}

static gboolean
tick_cb (gpointer data)
{
  update_time (data);
  return G_SOURCE_CONTINUE;
}

/* Says the clock to a screen reader when it starts or stops, not at every tick. */
static void
update_description (CaturClockFace *self)
{
  g_autofree char *said = catur_clock_describe (self->clock, self->side);
  const char *name = catur_game_get_side_name (self->game, self->side);
  g_autofree char *label = NULL;

  /* Translators: a player's clock for a screen reader, "Red's clock: 3 minutes left" */
  label = g_strdup_printf (_("%s’s clock: %s"), name, said != NULL ? said : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

/* The player short of time is told so wherever the focus is: a blind player does not see the
 * clock turn red. */
static void
clock_low_cb (CaturClockFace *self,
              guint           side)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *said = NULL;
  g_autofree char *text = NULL;

  if (side != self->side || !CATUR_IS_WINDOW (root))
    return;
  said = catur_clock_describe (self->clock, self->side);
  text = g_strdup_printf (_("%s’s clock: %s"), catur_game_get_side_name (self->game, self->side),
                          said != NULL ? said : "");
  catur_window_announce (CATUR_WINDOW (root), text);
}

static void
clock_changed_cb (CaturClockFace *self)
{
  gboolean running;

  if (self->clock == NULL)
    return;
  running = catur_clock_get_running (self->clock) == self->side;
  if (running && self->tick_id == 0)
    {
      self->tick_id = g_timeout_add (TICK_MS, tick_cb, self);
      g_source_set_name_by_id (self->tick_id, "[catur] clock face");
    }
  else if (!running)
    g_clear_handle_id (&self->tick_id, g_source_remove);
  update_time (self);
  update_description (self);
}

static void
set_clock (CaturClockFace *self,
           CaturClock     *clock)
{
  if (self->clock == clock)
    return;
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_set_object (&self->clock, clock);
  if (clock != NULL)
    {
      g_signal_connect_object (clock, "changed", G_CALLBACK (clock_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (clock, "low", G_CALLBACK (clock_low_cb), self, G_CONNECT_SWAPPED);
    }
}

static void
game_changed_cb (CaturClockFace *self)
{
  gboolean shown, timed;

  set_clock (self, self->game != NULL ? catur_game_get_clock (self->game) : NULL);
  timed = self->clock != NULL && catur_clock_is_timed (self->clock);
  shown = self->game != NULL && (timed || self->plate);
  gtk_widget_set_visible (GTK_WIDGET (self), shown);
  if (!shown)
    return;
  gtk_label_set_text (self->side_label, catur_game_get_side_name (self->game, self->side));
  if (timed)
    clock_changed_cb (self);
  else
    update_plate (self);
}

static void
catur_clock_face_dispose (GObject *object)
{
  CaturClockFace *self = CATUR_CLOCK_FACE (object);

  catur_clock_face_set_game (self, NULL, CATUR_SIDE_FIRST);
  gtk_widget_dispose_template (GTK_WIDGET (self), CATUR_TYPE_CLOCK_FACE);

  G_OBJECT_CLASS (catur_clock_face_parent_class)->dispose (object);
}

static void
catur_clock_face_class_init (CaturClockFaceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_clock_face_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/caturapp/Catur/ui/catur-clock-face.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturClockFace, box);
  gtk_widget_class_bind_template_child (widget_class, CaturClockFace, side_label);
  gtk_widget_class_bind_template_child (widget_class, CaturClockFace, time_label);
  gtk_widget_class_bind_template_child (widget_class, CaturClockFace, extra_label);
  gtk_widget_class_set_css_name (widget_class, "clockface");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
catur_clock_face_init (CaturClockFace *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

CaturClockFace *
catur_clock_face_new (void)
{
  return g_object_new (CATUR_TYPE_CLOCK_FACE, NULL);
}

/**
 * catur_clock_face_set_game:
 * @game: (nullable): the game whose clock to show
 * @side: the side whose time to show
 *
 * Shows @side's clock of @game; hidden while the game has no clock.
 */
void
catur_clock_face_set_game (CaturClockFace *self,
                           CaturGame      *game,
                           CaturSide       side)
{
  static const char * const signals[] = {
    "changed", "notify::clock", "notify::computer-side", "notify::view-ply",
  };

  g_return_if_fail (CATUR_IS_CLOCK_FACE (self));
  g_return_if_fail (game == NULL || CATUR_IS_GAME (game));
  g_return_if_fail (side <= CATUR_SIDE_SECOND);

  if (self->game != game)
    {
      if (self->game != NULL)
        g_signal_handlers_disconnect_by_data (self->game, self);
      g_set_object (&self->game, game);
      for (guint i = 0; game != NULL && i < G_N_ELEMENTS (signals); i++)
        g_signal_connect_object (game, signals[i], G_CALLBACK (game_changed_cb), self,
                                 G_CONNECT_SWAPPED);
    }
  self->side = side;
  game_changed_cb (self);
}

CaturSide
catur_clock_face_get_side (CaturClockFace *self)
{
  g_return_val_if_fail (CATUR_IS_CLOCK_FACE (self), CATUR_SIDE_NONE);

  return self->side;
}

/**
 * catur_clock_face_set_plate:
 * @plate: whether to show the player's name, marked on their turn, in a game without a clock
 *
 * The window shows the plates while the sidebar, and its turn panel, are folded away.
 */
void
catur_clock_face_set_plate (CaturClockFace *self,
                            gboolean        plate)
{
  g_return_if_fail (CATUR_IS_CLOCK_FACE (self));

  self->plate = !!plate;
  game_changed_cb (self);
}

/* Returns: (nullable): the time the face shows, %NULL while it is hidden or shows no time */
const char *
catur_clock_face_get_text (CaturClockFace *self)
{
  g_return_val_if_fail (CATUR_IS_CLOCK_FACE (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self))
      || !gtk_widget_get_visible (GTK_WIDGET (self->time_label)))
    return NULL;
  return gtk_label_get_text (self->time_label);
}
