/* catur-lesson.c: lessons read from a game's data, and the player that checks each try
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A lesson is data of its game (docs/lessons.md): steps, each a position in the game's own
 * text, a task in words and a goal the rules core checks. Everything in a file is checked
 * against the game's rules when it is read, so a lesson that loads can be played to its end;
 * a mistake in a file is reported with its line. The texts are translated as xgettext took
 * them out (po/its/catur-lessons.its): with runs of white space made one space.
 *
 * CaturExercise plays the steps of a lesson: it answers a try with "solved", with the
 * sentence the game has for an illegal move, or with the step's own sentence for a legal move
 * that misses. A goal it cannot check itself is left to a judge (an engine, for puzzles).
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <string.h>

#include "catur.h"
#include "catur-variant-private.h"

G_DEFINE_QUARK (catur-lesson-error-quark, catur_lesson_error)

struct _CaturLesson
{
  GObject parent_instance;

  CaturVariant *variant;
  char *id;
  char *title;
  GPtrArray *steps;            /* of CaturLessonStep */
};

G_DEFINE_FINAL_TYPE (CaturLesson, catur_lesson, G_TYPE_OBJECT)

static void
step_free (gpointer data)
{
  CaturLessonStep *step = data;

  g_free (step->position);
  g_free (step->hidden);
  g_free (step->task);
  g_free (step->miss);
  g_free (step->done);
  g_clear_pointer (&step->show, g_array_unref);
  g_free (step);
}

static void
catur_lesson_finalize (GObject *object)
{
  CaturLesson *self = CATUR_LESSON (object);

  g_clear_object (&self->variant);
  g_free (self->id);
  g_free (self->title);
  g_ptr_array_unref (self->steps);

  G_OBJECT_CLASS (catur_lesson_parent_class)->finalize (object);
}

static void
catur_lesson_class_init (CaturLessonClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = catur_lesson_finalize;
}

static void
catur_lesson_init (CaturLesson *self)
{
  self->steps = g_ptr_array_new_with_free_func (step_free);
}

/**
 * catur_lesson_new:
 * @variant: the game
 * @id: the id its progress is kept under
 * @title: its title, translated
 *
 * A lesson made by code rather than read, such as a puzzle's (catur-puzzle.h): its steps are
 * added with catur_lesson_append_step().
 *
 * Returns: (transfer full): a lesson of no steps
 */
CaturLesson *
catur_lesson_new (CaturVariant *variant,
                  const char   *id,
                  const char   *title)
{
  CaturLesson *self = g_object_new (CATUR_TYPE_LESSON, NULL);

  self->variant = g_object_ref (variant);
  self->id = g_strdup (id);
  self->title = g_strdup (title);
  return self;
}

/**
 * catur_lesson_append_step:
 *
 * Returns: (transfer none): a new last step, empty but for @show (no squares) and no
 *   goal squares, for the caller to fill; its strings are freed with the lesson
 */
CaturLessonStep *
catur_lesson_append_step (CaturLesson *self)
{
  CaturLessonStep *step = g_new0 (CaturLessonStep, 1);

  g_return_val_if_fail (CATUR_IS_LESSON (self), NULL);

  step->show = g_array_new (FALSE, FALSE, sizeof (CaturSquare));
  step->goal_square = CATUR_SQUARE_NONE;
  step->goal_from = CATUR_SQUARE_NONE;
  g_ptr_array_add (self->steps, step);
  return step;
}

/* Reading a file */

typedef struct
{
  CaturLesson *lesson;
  CaturLessonStep *step;       /* the step being read, owned by the lesson */
  GString *text;               /* the text of a title, task, miss or done element */
  gboolean in_text;
  guint n_goals;
} Reader;

static gboolean
fail (GMarkupParseContext  *context,
      GError              **error,
      CaturLessonError      code,
      const char           *format,
      ...) G_GNUC_PRINTF (4, 5);

/* An error that says where: GMarkup's own say it, this one does the same for ours. */
static gboolean
fail (GMarkupParseContext  *context,
      GError              **error,
      CaturLessonError      code,
      const char           *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;
  int line = 0, column = 0;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_markup_parse_context_get_position (context, &line, &column);
  /* Translators: a mistake in a lesson file: the line, then what is wrong */
  g_set_error (error, CATUR_LESSON_ERROR, code, _("Line %d: %s"), line, message);
  return FALSE;
}

/* The square named @name (`e2`), %CATUR_SQUARE_NONE when the board has no such square. */
static CaturSquare
find_square (CaturVariant *variant,
             const char   *name)
{
  CaturGeometry geometry;
  guint n;

  catur_variant_get_geometry (variant, &geometry);
  n = (guint) geometry.files * geometry.ranks;
  for (guint square = 0; square < n; square++)
    {
      char square_name[8];

      catur_variant_square_name (variant, square, square_name);
      if (g_str_equal (square_name, name))
        return square;
    }
  return CATUR_SQUARE_NONE;
}

static CaturGoalKind
goal_from_name (const char *name,
                gboolean   *found)
{
  static const char * const names[] = {
    [CATUR_GOAL_MOVE] = "move",
    [CATUR_GOAL_CAPTURE] = "capture",
    [CATUR_GOAL_CHECK] = "check",
    [CATUR_GOAL_MATE] = "mate",
    [CATUR_GOAL_ESCAPE] = "escape",
    [CATUR_GOAL_REACH] = "reach",
    [CATUR_GOAL_PROMOTE] = "promote",
    [CATUR_GOAL_FLIP] = "flip",
    [CATUR_GOAL_DROP] = "drop",
    [CATUR_GOAL_JUDGED] = "judged",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i], name))
      {
        *found = TRUE;
        return i;
      }
  *found = FALSE;
  return CATUR_GOAL_MOVE;
}

static CaturEscapeWay
escape_from_name (const char *name,
                  gboolean   *found)
{
  static const char * const names[] = {
    [CATUR_ESCAPE_ANY] = "any",
    [CATUR_ESCAPE_KING] = "king",
    [CATUR_ESCAPE_CAPTURE] = "capture",
    [CATUR_ESCAPE_BLOCK] = "block",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i], name))
      {
        *found = TRUE;
        return i;
      }
  *found = FALSE;
  return CATUR_ESCAPE_ANY;
}

/* The position of @step, as the lesson's game reads it, with its face-down pieces as the
 * lesson says they are (or dealt the same way each time). */
static CaturPosition *
step_position (CaturVariant           *variant,
               const CaturLessonStep  *step,
               GError                **error)
{
  g_autoptr(CaturPosition) position = NULL;
  CaturGeometry geometry;

  position = catur_variant_parse (variant, step->position, error);
  if (position == NULL)
    return NULL;
  catur_variant_get_geometry (variant, &geometry);
  if (step->hidden != NULL)
    {
      if (!catur_variant_restore_hidden (variant, position, step->hidden, error))
        return NULL;
    }
  else if (geometry.has_hidden)
    catur_variant_deal_hidden (variant, position, 1);
  return g_steal_pointer (&position);
}

static gboolean
read_squares (GMarkupParseContext  *context,
              CaturVariant         *variant,
              const char           *text,
              GArray               *squares,
              GError              **error)
{
  g_auto(GStrv) names = g_strsplit_set (text, " \t\n", -1);

  for (guint i = 0; names[i] != NULL; i++)
    {
      CaturSquare square;

      if (names[i][0] == '\0')
        continue;
      square = find_square (variant, names[i]);
      if (square == CATUR_SQUARE_NONE)
        return fail (context, error, CATUR_LESSON_ERROR_INVALID, _("No square is called “%s”"),
                     names[i]);
      g_array_append_val (squares, square);
    }
  return TRUE;
}

static gboolean
read_step_start (GMarkupParseContext  *context,
                 Reader               *reader,
                 const char          **names,
                 const char          **values,
                 GError              **error)
{
  const char *position = NULL, *hidden = NULL, *show = NULL;
  CaturLessonStep *step;
  int line = 0;

  if (!g_markup_collect_attributes ("step", names, values, error,
                                    G_MARKUP_COLLECT_STRING, "position", &position,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL,
                                    "hidden", &hidden,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL,
                                    "show", &show,
                                    G_MARKUP_COLLECT_INVALID))
    return FALSE;

  step = g_new0 (CaturLessonStep, 1);
  g_markup_parse_context_get_position (context, &line, NULL);
  step->line = line;
  step->position = g_strdup (position);
  step->hidden = g_strdup (hidden);
  step->goal_square = CATUR_SQUARE_NONE;
  step->goal_from = CATUR_SQUARE_NONE;
  step->show = g_array_new (FALSE, FALSE, sizeof (CaturSquare));
  g_ptr_array_add (reader->lesson->steps, step);
  reader->step = step;
  reader->n_goals = 0;

  /* The position is read now, so that a mistake in it is told at its line. */
  {
    g_autoptr(GError) local = NULL;
    g_autoptr(CaturPosition) parsed = step_position (reader->lesson->variant, step, &local);

    if (parsed == NULL)
      return fail (context, error, CATUR_LESSON_ERROR_POSITION, "%s", local->message);
  }
  if (show != NULL && !read_squares (context, reader->lesson->variant, show, step->show, error))
    return FALSE;
  return TRUE;
}

/* Reads @text as a move in @step's position (any notation the game reads). */
static gboolean
read_move (GMarkupParseContext  *context,
           CaturVariant         *variant,
           const CaturPosition  *position,
           const char           *text,
           CaturMove            *move,
           GError              **error)
{
  g_autoptr(GError) local = NULL;

  if (!catur_variant_parse_move (variant, position, text, move, &local))
    return fail (context, error, CATUR_LESSON_ERROR_MOVE, _("The move “%s”: %s"), text,
                 local->message);
  if (!catur_variant_is_legal (variant, position, move))
    return fail (context, error, CATUR_LESSON_ERROR_MOVE, _("The move “%s” is not legal there"),
                 text);
  return TRUE;
}

static gboolean
read_goal_start (GMarkupParseContext  *context,
                 Reader               *reader,
                 const char          **names,
                 const char          **values,
                 GError              **error)
{
  CaturVariant *variant = reader->lesson->variant;
  CaturLessonStep *step = reader->step;
  const char *kind = NULL, *move = NULL, *square = NULL, *from = NULL, *way = NULL;
  g_autoptr(CaturPosition) position = NULL;
  gboolean found;

  if (!g_markup_collect_attributes ("goal", names, values, error,
                                    G_MARKUP_COLLECT_STRING, "kind", &kind,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL,
                                    "move", &move,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL,
                                    "square", &square,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL,
                                    "from", &from,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL,
                                    "way", &way,
                                    G_MARKUP_COLLECT_INVALID))
    return FALSE;
  if (++reader->n_goals > 1)
    return fail (context, error, CATUR_LESSON_ERROR_INVALID, _("A step has one goal"));

  step->goal = goal_from_name (kind, &found);
  if (!found)
    return fail (context, error, CATUR_LESSON_ERROR_INVALID, _("No goal is called “%s”"), kind);
  if (way != NULL)
    {
      step->escape = escape_from_name (way, &found);
      if (!found || step->goal != CATUR_GOAL_ESCAPE)
        return fail (context, error, CATUR_LESSON_ERROR_INVALID,
                     _("No way out of check is called “%s”"), way);
    }

  position = step_position (variant, step, NULL);
  if (step->goal == CATUR_GOAL_MOVE)
    {
      if (move == NULL)
        return fail (context, error, CATUR_LESSON_ERROR_INVALID,
                     _("The goal “move” needs the move"));
      if (!read_move (context, variant, position, move, &step->goal_move, error))
        return FALSE;
    }
  if (step->goal == CATUR_GOAL_REACH && square == NULL)
    return fail (context, error, CATUR_LESSON_ERROR_INVALID,
                 _("The goal “reach” needs the square"));
  if (step->goal == CATUR_GOAL_ESCAPE && !catur_variant_in_check (variant, position, NULL))
    return fail (context, error, CATUR_LESSON_ERROR_INVALID,
                 _("The goal “escape” needs a position in check"));
  if (square != NULL)
    {
      step->goal_square = find_square (variant, square);
      if (step->goal_square == CATUR_SQUARE_NONE)
        return fail (context, error, CATUR_LESSON_ERROR_INVALID, _("No square is called “%s”"),
                     square);
    }
  if (from != NULL)
    {
      step->goal_from = find_square (variant, from);
      if (step->goal_from == CATUR_SQUARE_NONE)
        return fail (context, error, CATUR_LESSON_ERROR_INVALID, _("No square is called “%s”"),
                     from);
    }
  return TRUE;
}

/* The reply is read in the position after the goal's move; a goal with no move of its own
 * has its reply checked when the step is played (catur_exercise_try()). */
static gboolean
read_reply_start (GMarkupParseContext  *context,
                  Reader               *reader,
                  const char          **names,
                  const char          **values,
                  GError              **error)
{
  CaturVariant *variant = reader->lesson->variant;
  CaturLessonStep *step = reader->step;
  g_autoptr(CaturPosition) position = NULL;
  const char *move = NULL;

  if (!g_markup_collect_attributes ("reply", names, values, error,
                                    G_MARKUP_COLLECT_STRING, "move", &move,
                                    G_MARKUP_COLLECT_INVALID))
    return FALSE;
  if (reader->n_goals == 0 || step->goal != CATUR_GOAL_MOVE)
    return fail (context, error, CATUR_LESSON_ERROR_INVALID,
                 _("A reply follows a goal “move”"));

  position = step_position (variant, step, NULL);
  {
    CaturMove played = step->goal_move;

    catur_variant_play (variant, position, &played);
  }
  if (!read_move (context, variant, position, move, &step->reply, error))
    return FALSE;
  step->has_reply = TRUE;
  return TRUE;
}

static const char * const text_elements[] = { "title", "task", "miss", "done", NULL };

static gboolean
is_text_element (const char *name)
{
  return g_strv_contains ((const char * const *) text_elements, name);
}

static void
start_element_cb (GMarkupParseContext  *context,
                  const char           *name,
                  const char          **names,
                  const char          **values,
                  gpointer              data,
                  GError              **error)
{
  Reader *reader = data;
  const char *parent = g_markup_parse_context_get_element_stack (context)->next != NULL
                       ? g_markup_parse_context_get_element_stack (context)->next->data : NULL;
  const char *id = NULL;

  if (g_str_equal (name, "lesson") && parent == NULL)
    {
      if (g_markup_collect_attributes ("lesson", names, values, error,
                                       G_MARKUP_COLLECT_STRING, "id", &id,
                                       G_MARKUP_COLLECT_INVALID))
        reader->lesson->id = g_strdup (id);
      return;
    }
  if (g_str_equal (name, "title") && g_strcmp0 (parent, "lesson") == 0)
    ;
  else if (g_str_equal (name, "step") && g_strcmp0 (parent, "lesson") == 0)
    {
      read_step_start (context, reader, names, values, error);
      return;
    }
  else if (is_text_element (name) && g_strcmp0 (parent, "step") == 0)
    ;
  else if (g_str_equal (name, "goal") && g_strcmp0 (parent, "step") == 0)
    {
      read_goal_start (context, reader, names, values, error);
      return;
    }
  else if (g_str_equal (name, "reply") && g_strcmp0 (parent, "step") == 0)
    {
      read_reply_start (context, reader, names, values, error);
      return;
    }
  else
    {
      fail (context, error, CATUR_LESSON_ERROR_INVALID, _("“%s” does not belong here"), name);
      return;
    }

  if (names[0] != NULL)
    {
      fail (context, error, CATUR_LESSON_ERROR_INVALID, _("“%s” has no attributes"), name);
      return;
    }
  g_string_truncate (reader->text, 0);
  reader->in_text = TRUE;
}

/* As xgettext took the text out: white space runs made one space, none at the ends. */
static char *
translate_text (const char *text)
{
  g_autoptr(GString) normal = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *c = text; *c != '\0'; c++)
    {
      if (g_ascii_isspace (*c))
        {
          space = normal->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (normal, ' ');
      space = FALSE;
      g_string_append_c (normal, *c);
    }
  if (normal->len == 0)
    return NULL;
  return g_strdup (g_dgettext (GETTEXT_PACKAGE, normal->str));
}

static void
end_element_cb (GMarkupParseContext  *context,
                const char           *name,
                gpointer              data,
                GError              **error)
{
  Reader *reader = data;
  CaturLessonStep *step = reader->step;
  char **target = NULL;

  if (reader->in_text)
    {
      reader->in_text = FALSE;
      if (g_str_equal (name, "title"))
        target = &reader->lesson->title;
      else if (g_str_equal (name, "task"))
        target = &step->task;
      else if (g_str_equal (name, "miss"))
        target = &step->miss;
      else
        target = &step->done;
      if (*target != NULL)
        {
          fail (context, error, CATUR_LESSON_ERROR_INVALID, _("“%s” is given twice"), name);
          return;
        }
      *target = translate_text (reader->text->str);
      if (*target == NULL)
        fail (context, error, CATUR_LESSON_ERROR_INVALID, _("“%s” is empty"), name);
      return;
    }

  if (g_str_equal (name, "step"))
    {
      if (step->task == NULL)
        fail (context, error, CATUR_LESSON_ERROR_INVALID, _("The step has no task"));
      else if (reader->n_goals == 0)
        fail (context, error, CATUR_LESSON_ERROR_INVALID, _("The step has no goal"));
      else if (step->miss == NULL && step->goal != CATUR_GOAL_JUDGED)
        fail (context, error, CATUR_LESSON_ERROR_INVALID,
              _("The step does not say what a move that misses is told"));
      reader->step = NULL;
    }
}

static void
text_cb (GMarkupParseContext  *context,
         const char           *text,
         gsize                 length,
         gpointer              data,
         GError              **error)
{
  Reader *reader = data;

  if (reader->in_text)
    {
      g_string_append_len (reader->text, text, length);
      return;
    }
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isspace (text[i]))
      {
        fail (context, error, CATUR_LESSON_ERROR_INVALID, _("Text does not belong here"));
        return;
      }
}

static const GMarkupParser lesson_parser = {
  start_element_cb, end_element_cb, text_cb, NULL, NULL,
};

/**
 * catur_lesson_new_from_data:
 * @variant: the game the lesson teaches
 * @data: the lesson file's contents (docs/lessons.md)
 * @length: the length of @data, or -1 when it ends with a nul
 *
 * Reads a lesson and checks every step against @variant's rules: each position reads, each
 * move named is legal, each goal can be checked.
 *
 * Returns: (transfer full) (nullable): the lesson, or %NULL with @error set, its message
 *   naming the line of the mistake
 */
CaturLesson *
catur_lesson_new_from_data (CaturVariant  *variant,
                            const char    *data,
                            gssize         length,
                            GError       **error)
{
  g_autoptr(CaturLesson) lesson = NULL;
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  Reader reader = { 0 };

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (data != NULL, NULL);

  lesson = g_object_new (CATUR_TYPE_LESSON, NULL);
  lesson->variant = g_object_ref (variant);
  reader.lesson = lesson;
  reader.text = text;
  context = g_markup_parse_context_new (&lesson_parser, G_MARKUP_PREFIX_ERROR_POSITION,
                                        &reader, NULL);
  if (!g_markup_parse_context_parse (context, data, length, error)
      || !g_markup_parse_context_end_parse (context, error))
    return NULL;
  if (lesson->id == NULL || lesson->title == NULL || lesson->steps->len == 0)
    {
      g_set_error_literal (error, CATUR_LESSON_ERROR, CATUR_LESSON_ERROR_INVALID,
                           _("A lesson needs an id, a title and steps"));
      return NULL;
    }
  return g_steal_pointer (&lesson);
}

/**
 * catur_lesson_new_from_resource:
 * @variant: the game the lesson teaches
 * @path: the lesson file's resource path
 *
 * Returns: (transfer full) (nullable): the lesson, or %NULL with @error set
 */
CaturLesson *
catur_lesson_new_from_resource (CaturVariant  *variant,
                                const char    *path,
                                GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local = NULL;
  CaturLesson *lesson;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return NULL;
  lesson = catur_lesson_new_from_data (variant, g_bytes_get_data (bytes, NULL),
                                       g_bytes_get_size (bytes), &local);
  if (lesson == NULL)
    g_set_error (error, local->domain, local->code, "%s: %s", path, local->message);
  return lesson;
}

/**
 * catur_lesson_new_judged:
 * @variant: the game
 * @id: the lesson's id
 * @title: its title, translated
 * @position: the one step's position, in the game's text
 * @task: the step's task, translated
 * @miss: what a try that misses is told when the judge says nothing
 *
 * A lesson of one step of goal %CATUR_GOAL_JUDGED, made in code rather than read from a
 * file: a drill or a puzzle played through the same #CaturExercise as the lessons.
 *
 * Returns: (transfer full) (nullable): the lesson, or %NULL with @error set when @position
 *   does not read
 */
CaturLesson *
catur_lesson_new_judged (CaturVariant  *variant,
                         const char    *id,
                         const char    *title,
                         const char    *position,
                         const char    *task,
                         const char    *miss,
                         GError       **error)
{
  g_autoptr(CaturLesson) lesson = NULL;
  g_autoptr(CaturPosition) start = NULL;
  CaturLessonStep *step;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (id != NULL && title != NULL && position != NULL, NULL);
  g_return_val_if_fail (task != NULL && miss != NULL, NULL);

  lesson = g_object_new (CATUR_TYPE_LESSON, NULL);
  lesson->variant = g_object_ref (variant);
  lesson->id = g_strdup (id);
  lesson->title = g_strdup (title);
  step = g_new0 (CaturLessonStep, 1);
  g_ptr_array_add (lesson->steps, step);
  step->position = g_strdup (position);
  step->task = g_strdup (task);
  step->miss = g_strdup (miss);
  step->goal = CATUR_GOAL_JUDGED;
  step->goal_square = CATUR_SQUARE_NONE;
  step->goal_from = CATUR_SQUARE_NONE;
  step->show = g_array_new (FALSE, FALSE, sizeof (CaturSquare));
  start = step_position (variant, step, error);
  if (start == NULL)
    return NULL;
  return g_steal_pointer (&lesson);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/**
 * catur_variant_list_resources:
 * @self: a game
 * @folder: a folder of the game's resources (`lessons`, `puzzles`)
 *
 * Returns: (transfer full): the paths of the `.xml` files in
 *   `/io/github/caturapp/Catur/<id>/<folder>/`, in the order of their names; empty when there
 *   are none
 */
GStrv
catur_variant_list_resources (CaturVariant *self,
                              const char   *folder)
{
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();
  g_autofree char *path = g_strdup_printf ("/io/github/caturapp/Catur/%s/%s/",
                                           catur_variant_get_id (self), folder);
  g_auto(GStrv) names = g_resources_enumerate_children (path, G_RESOURCE_LOOKUP_FLAGS_NONE,
                                                        NULL);

  if (names != NULL)
    qsort (names, g_strv_length (names), sizeof (char *), compare_names);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (g_str_has_suffix (names[i], ".xml"))
      {
        g_autofree char *file = g_strconcat (path, names[i], NULL);

        g_strv_builder_add (paths, file);
      }
  return g_strv_builder_end (paths);
}

/**
 * catur_lesson_list:
 * @variant: a game
 *
 * The game's lessons: every `.xml` file in `/io/github/caturapp/Catur/<id>/lessons/` among
 * its resources, in the order of their names.
 *
 * Returns: (transfer full) (element-type CaturLesson): the lessons, empty when the game has
 *   none; %NULL with @error set when one of them does not read
 */
GPtrArray *
catur_lesson_list (CaturVariant  *variant,
                   GError       **error)
{
  g_autoptr(GPtrArray) lessons = g_ptr_array_new_with_free_func (g_object_unref);
  g_auto(GStrv) paths = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);

  paths = catur_variant_list_resources (variant, CATUR_LESSON_RESOURCE_FOLDER);
  for (guint i = 0; paths[i] != NULL; i++)
    {
      CaturLesson *lesson = catur_lesson_new_from_resource (variant, paths[i], error);

      if (lesson == NULL)
        return NULL;
      g_ptr_array_add (lessons, lesson);
    }
  return g_steal_pointer (&lessons);
}

CaturVariant *
catur_lesson_get_variant (CaturLesson *self)
{
  g_return_val_if_fail (CATUR_IS_LESSON (self), NULL);

  return self->variant;
}

/* The lesson's id: what its progress is kept under. */
const char *
catur_lesson_get_id (CaturLesson *self)
{
  g_return_val_if_fail (CATUR_IS_LESSON (self), NULL);

  return self->id;
}

/* The lesson's title, translated. */
const char *
catur_lesson_get_title (CaturLesson *self)
{
  g_return_val_if_fail (CATUR_IS_LESSON (self), NULL);

  return self->title;
}

guint
catur_lesson_get_n_steps (CaturLesson *self)
{
  g_return_val_if_fail (CATUR_IS_LESSON (self), 0);

  return self->steps->len;
}

const CaturLessonStep *
catur_lesson_get_step (CaturLesson *self,
                       guint        index)
{
  g_return_val_if_fail (CATUR_IS_LESSON (self), NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);

  return g_ptr_array_index (self->steps, index);
}

/**
 * catur_lesson_step_new_position:
 * @index: a step of the lesson
 *
 * Returns: (transfer full): the position step @index starts from, with what lies face down
 *   as the lesson says
 */
CaturPosition *
catur_lesson_step_new_position (CaturLesson *self,
                                guint        index)
{
  g_return_val_if_fail (CATUR_IS_LESSON (self), NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);

  /* The file was checked when read: the position reads. */
  return step_position (self->variant, g_ptr_array_index (self->steps, index), NULL);
}

/* Tips: `<tips><tip>…</tip>…</tips>`, one line each, translated as lesson texts are. */

typedef struct
{
  GPtrArray *tips;
  GString *text;
  gboolean in_tip;
} TipsReader;

static void
tips_start_cb (GMarkupParseContext  *context,
               const char           *name,
               const char          **names,
               const char          **values,
               gpointer              data,
               GError              **error)
{
  TipsReader *reader = data;
  gboolean top = g_markup_parse_context_get_element_stack (context)->next == NULL;

  if (top ? !g_str_equal (name, "tips") : !g_str_equal (name, "tip") || reader->in_tip)
    {
      fail (context, error, CATUR_LESSON_ERROR_INVALID, _("“%s” does not belong here"), name);
      return;
    }
  g_string_truncate (reader->text, 0);
  reader->in_tip = !top;
}

static void
tips_end_cb (GMarkupParseContext  *context,
             const char           *name,
             gpointer              data,
             GError              **error)
{
  TipsReader *reader = data;
  char *tip;

  if (!reader->in_tip)
    return;
  reader->in_tip = FALSE;
  tip = translate_text (reader->text->str);
  if (tip == NULL)
    fail (context, error, CATUR_LESSON_ERROR_INVALID, _("“%s” is empty"), name);
  else
    g_ptr_array_add (reader->tips, tip);
}

static void
tips_text_cb (GMarkupParseContext  *context,
              const char           *text,
              gsize                 length,
              gpointer              data,
              GError              **error)
{
  TipsReader *reader = data;

  if (reader->in_tip)
    g_string_append_len (reader->text, text, length);
}

static const GMarkupParser tips_parser = {
  tips_start_cb, tips_end_cb, tips_text_cb, NULL, NULL,
};

/**
 * catur_lesson_list_tips:
 * @variant: a game
 *
 * The game's one-line tips, translated: the `<tip>`s of `/io/github/caturapp/Catur/<id>/tips.xml`
 * among its resources (docs/lessons.md).
 *
 * Returns: (transfer full): the tips, empty when the game has none or its file does not read
 */
GStrv
catur_lesson_list_tips (CaturVariant *variant)
{
  g_autoptr(GPtrArray) tips = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  TipsReader reader = { tips, text, FALSE };

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);

  path = g_strdup_printf ("/io/github/caturapp/Catur/%s/tips.xml", catur_variant_get_id (variant));
  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes != NULL)
    {
      context = g_markup_parse_context_new (&tips_parser, G_MARKUP_PREFIX_ERROR_POSITION,
                                            &reader, NULL);
      if (!g_markup_parse_context_parse (context, g_bytes_get_data (bytes, NULL),
                                         g_bytes_get_size (bytes), &error)
          || !g_markup_parse_context_end_parse (context, &error))
        {
          g_warning ("%s: %s", path, error->message);
          g_ptr_array_set_size (tips, 0);
        }
    }
  g_ptr_array_add (tips, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&tips), FALSE);
}

/* Progress: $XDG_DATA_HOME/catur/lessons.ini, a group a lesson. */

static char *
progress_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "catur", "lessons.ini", NULL);
}

/**
 * catur_lesson_load_progress:
 * @lesson_id: a lesson's id
 * @step: (out): the step the player reached, 0 when the lesson was never opened
 * @finished: (out): whether the player has finished the lesson once
 *
 * Returns: whether anything was kept of the lesson
 */
gboolean
catur_lesson_load_progress (const char *lesson_id,
                            guint      *step,
                            gboolean   *finished)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *path = progress_path ();

  g_return_val_if_fail (lesson_id != NULL, FALSE);

  *step = 0;
  *finished = FALSE;
  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL)
      || !g_key_file_has_group (file, lesson_id))
    return FALSE;
  *step = (guint) MAX (0, g_key_file_get_integer (file, lesson_id, "step", NULL));
  *finished = g_key_file_get_boolean (file, lesson_id, "finished", NULL);
  return TRUE;
}

/**
 * catur_lesson_save_progress:
 * @lesson_id: a lesson's id
 * @step: the step the player reached
 * @finished: whether the player has finished the lesson once
 *
 * Returns: whether the progress was saved; else %FALSE with @error set
 */
gboolean
catur_lesson_save_progress (const char  *lesson_id,
                            guint        step,
                            gboolean     finished,
                            GError     **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *path = progress_path ();
  g_autofree char *folder = NULL;

  g_return_val_if_fail (lesson_id != NULL, FALSE);

  /* A file that does not read yet is started afresh: progress is not worth a failure. */
  g_key_file_load_from_file (file, path, G_KEY_FILE_KEEP_COMMENTS, NULL);
  g_key_file_set_integer (file, lesson_id, "step", (int) step);
  g_key_file_set_boolean (file, lesson_id, "finished", finished);
  folder = g_path_get_dirname (path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", folder,
                   g_strerror (saved));
      return FALSE;
    }
  return g_key_file_save_to_file (file, path, error);
}

/* The exercise player */

struct _CaturExercise
{
  GObject parent_instance;

  CaturLesson *lesson;
  guint index;
  CaturPosition *position;     /* the step's, as it starts */
  gboolean solved;

  gboolean has_refutation;
  CaturMove refutation;       /* the judge's answer to the last try that missed */
  struct _TryOutcome *trying; /* the try being judged, in a worker too: the judge's refutation
                               * goes there, so the worker writes nothing the window reads */

  CaturExerciseJudgeFunc judge;
  gpointer judge_data;
  GDestroyNotify judge_destroy;
};

G_DEFINE_FINAL_TYPE (CaturExercise, catur_exercise, G_TYPE_OBJECT)

static void
catur_exercise_finalize (GObject *object)
{
  CaturExercise *self = CATUR_EXERCISE (object);

  if (self->judge_destroy != NULL)
    self->judge_destroy (self->judge_data);
  g_clear_pointer (&self->position, catur_position_free);
  g_clear_object (&self->lesson);

  G_OBJECT_CLASS (catur_exercise_parent_class)->finalize (object);
}

static void
catur_exercise_class_init (CaturExerciseClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = catur_exercise_finalize;
}

static void
catur_exercise_init (CaturExercise *self)
{
}

/**
 * catur_exercise_new:
 * @lesson: the steps to play
 *
 * Returns: (transfer full): an exercise at the first step of @lesson
 */
CaturExercise *
catur_exercise_new (CaturLesson *lesson)
{
  CaturExercise *self;

  g_return_val_if_fail (CATUR_IS_LESSON (lesson), NULL);

  self = g_object_new (CATUR_TYPE_EXERCISE, NULL);
  self->lesson = g_object_ref (lesson);
  catur_exercise_set_step_index (self, 0);
  return self;
}

/**
 * catur_exercise_set_judge:
 * @judge: (nullable): what decides the steps of goal %CATUR_GOAL_JUDGED
 *
 * Without a judge, such a step takes any legal move.
 */
void
catur_exercise_set_judge (CaturExercise          *self,
                          CaturExerciseJudgeFunc  judge,
                          gpointer                user_data,
                          GDestroyNotify          destroy)
{
  g_return_if_fail (CATUR_IS_EXERCISE (self));

  if (self->judge_destroy != NULL)
    self->judge_destroy (self->judge_data);
  self->judge = judge;
  self->judge_data = user_data;
  self->judge_destroy = destroy;
}

CaturLesson *
catur_exercise_get_lesson (CaturExercise *self)
{
  g_return_val_if_fail (CATUR_IS_EXERCISE (self), NULL);

  return self->lesson;
}

guint
catur_exercise_get_step_index (CaturExercise *self)
{
  g_return_val_if_fail (CATUR_IS_EXERCISE (self), 0);

  return self->index;
}

/* Goes to step @index afresh (a step tried again, or taken up where the player left it). */
void
catur_exercise_set_step_index (CaturExercise *self,
                               guint          index)
{
  g_return_if_fail (CATUR_IS_EXERCISE (self));
  g_return_if_fail (index < catur_lesson_get_n_steps (self->lesson));

  self->index = index;
  self->solved = FALSE;
  g_clear_pointer (&self->position, catur_position_free);
  self->position = catur_lesson_step_new_position (self->lesson, index);
}

const CaturLessonStep *
catur_exercise_get_step (CaturExercise *self)
{
  g_return_val_if_fail (CATUR_IS_EXERCISE (self), NULL);

  return catur_lesson_get_step (self->lesson, self->index);
}

/* The position the step starts from; tries do not change it. */
const CaturPosition *
catur_exercise_get_position (CaturExercise *self)
{
  g_return_val_if_fail (CATUR_IS_EXERCISE (self), NULL);

  return self->position;
}

/* Whether the step shown is solved. */
gboolean
catur_exercise_get_solved (CaturExercise *self)
{
  g_return_val_if_fail (CATUR_IS_EXERCISE (self), FALSE);

  return self->solved;
}

/* Whether the last step is solved: the lesson is done. */
gboolean
catur_exercise_get_finished (CaturExercise *self)
{
  g_return_val_if_fail (CATUR_IS_EXERCISE (self), FALSE);

  return self->solved && self->index + 1 == catur_lesson_get_n_steps (self->lesson);
}

/* How many pieces of @side stand on the board. */
static guint
count_pieces (CaturVariant        *variant,
              const CaturPosition *position,
              CaturSide            side)
{
  CaturGeometry geometry;
  guint n = 0;

  catur_variant_get_geometry (variant, &geometry);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      CaturPiece piece;

      if (catur_variant_piece_at (variant, position, square, &piece) && piece.side == side)
        n++;
    }
  return n;
}

/* The same move as the goal's: a flip is the same whatever it turned up. */
static gboolean
same_move (const CaturMove *a,
           const CaturMove *b)
{
  const guint8 kept = CATUR_MOVE_DROP | CATUR_MOVE_PROMOTE | CATUR_MOVE_FLIP;

  return a->from == b->from && a->to == b->to && (a->flags & kept) == (b->flags & kept)
         && (!(a->flags & CATUR_MOVE_DROP) || a->piece == b->piece);
}

static gboolean
goal_met (CaturExercise         *self,
          const CaturLessonStep *step,
          const CaturPosition   *before,
          const CaturMove       *move,
          const CaturPosition   *after,
          char                 **answer)
{
  CaturVariant *variant = catur_lesson_get_variant (self->lesson);
  CaturSide mover = catur_variant_side_to_move (variant, before);
  CaturSide other = catur_side_other (mover);
  gboolean captured = count_pieces (variant, after, other)
                      < count_pieces (variant, before, other);
  CaturSquare square = step->goal_square;

  switch (step->goal)
    {
    case CATUR_GOAL_MOVE:
      return same_move (move, &step->goal_move);
    case CATUR_GOAL_CAPTURE:
      if (square == CATUR_SQUARE_NONE)
        return captured;
      {
        CaturPiece piece;

        return captured && catur_variant_piece_at (variant, before, square, &piece)
               && piece.side == other
               && !(catur_variant_piece_at (variant, after, square, &piece)
                    && piece.side == other);
      }
    case CATUR_GOAL_CHECK:
      return catur_variant_in_check (variant, after, NULL);
    case CATUR_GOAL_MATE:
      {
        g_autoptr(CaturRepetition) history = catur_variant_new_repetition (variant, before);
        CaturOutcome outcome;

        catur_variant_push_repetition (variant, history, mover, after);
        catur_variant_status (variant, after, history, &outcome);
        return outcome.result == CATUR_RESULT_WIN && outcome.winner == mover;
      }
    case CATUR_GOAL_ESCAPE:
      {
        CaturSquare king = CATUR_SQUARE_NONE;

        catur_variant_in_check (variant, before, &king);
        if (catur_variant_in_check (variant, after, NULL))
          return FALSE;
        switch (step->escape)
          {
          case CATUR_ESCAPE_KING:
            return move->from == king;
          case CATUR_ESCAPE_CAPTURE:
            return captured;
          case CATUR_ESCAPE_BLOCK:
            return move->from != king && !captured;
          case CATUR_ESCAPE_ANY:
          default:
            return TRUE;
          }
      }
    case CATUR_GOAL_REACH:
      return move->to == square && !(move->flags & CATUR_MOVE_FLIP)
             && (step->goal_from == CATUR_SQUARE_NONE || move->from == step->goal_from);
    case CATUR_GOAL_PROMOTE:
      return (move->flags & CATUR_MOVE_PROMOTE)
             && (square == CATUR_SQUARE_NONE || move->to == square);
    case CATUR_GOAL_FLIP:
      return (move->flags & CATUR_MOVE_FLIP)
             && (square == CATUR_SQUARE_NONE || move->from == square);
    case CATUR_GOAL_DROP:
      return (move->flags & CATUR_MOVE_DROP)
             && (square == CATUR_SQUARE_NONE || move->to == square);
    case CATUR_GOAL_JUDGED:
      if (self->judge == NULL)
        return TRUE;
      return self->judge (self, before, move, after, answer, self->judge_data);
    default:
      g_assert_not_reached ();
    }
}

typedef struct _TryOutcome
{
  CaturMove move;
  CaturTryResult result;
  char *answer;
  gboolean has_refutation;
  CaturMove refutation;
} TryOutcome;

static void
try_outcome_free (gpointer data)
{
  TryOutcome *outcome = data;

  g_free (outcome->answer);
  g_free (outcome);
}

/* Judges the try into @outcome, changing nothing of the exercise but through
 * catur_exercise_set_refutation(), which writes to @outcome while it is self->trying. */
static void
judge_try (CaturExercise *self,
           TryOutcome    *outcome)
{
  CaturVariant *variant = catur_lesson_get_variant (self->lesson);
  const CaturLessonStep *step = catur_exercise_get_step (self);
  g_autoptr(CaturPosition) after = NULL;
  g_autofree char *judged = NULL;
  CaturMove played = outcome->move;

  if (!catur_variant_is_legal (variant, self->position, &played))
    {
      char *why = catur_variant_explain (variant, self->position, &played, NULL);

      outcome->answer = why != NULL ? why : g_strdup (_("That move is not legal"));
      outcome->result = CATUR_TRY_ILLEGAL;
      return;
    }
  after = catur_position_copy (self->position);
  catur_variant_play (variant, after, &played);
  if (!goal_met (self, step, self->position, &played, after, &judged))
    {
      outcome->answer = judged != NULL ? g_steal_pointer (&judged) : g_strdup (step->miss);
      outcome->result = CATUR_TRY_MISSED;
      return;
    }
  /* A judge may say why the move is good (a drill's "Better: that keeps the Chariot"). */
  outcome->answer = judged != NULL ? g_steal_pointer (&judged) : g_strdup (step->done);
  outcome->result = CATUR_TRY_SOLVED;
}

/* What the try did to the exercise, on the thread that owns it. */
static CaturTryResult
apply_try (CaturExercise *self,
           TryOutcome    *outcome,
           char         **answer)
{
  if (outcome->result != CATUR_TRY_ILLEGAL)
    {
      self->has_refutation = outcome->has_refutation;
      self->refutation = outcome->refutation;
    }
  if (outcome->result == CATUR_TRY_SOLVED)
    self->solved = TRUE;
  if (answer != NULL)
    *answer = g_steal_pointer (&outcome->answer);
  return outcome->result;
}

/**
 * catur_exercise_try:
 * @move: the move the player tried in the step's position
 * @answer: (out) (transfer full) (optional): what the player is told: the step's words when it
 *   is done (or %NULL), why the rules forbid the move, or what the step wants instead
 *
 * Checks a try at the step shown, on this thread (see catur_exercise_try_async() for a judge
 * that searches). A solved step stays solved until catur_exercise_next().
 *
 * Returns: what became of the try
 */
CaturTryResult
catur_exercise_try (CaturExercise   *self,
                    const CaturMove *move,
                    char           **answer)
{
  TryOutcome outcome = { 0 };
  CaturTryResult result;

  g_return_val_if_fail (CATUR_IS_EXERCISE (self), CATUR_TRY_ILLEGAL);
  g_return_val_if_fail (move != NULL, CATUR_TRY_ILLEGAL);
  g_return_val_if_fail (self->trying == NULL, CATUR_TRY_ILLEGAL);

  outcome.move = *move;
  self->trying = &outcome;
  judge_try (self, &outcome);
  self->trying = NULL;
  result = apply_try (self, &outcome, answer);
  g_free (outcome.answer);
  return result;
}

static void
try_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  judge_try (CATUR_EXERCISE (source_object), task_data);
  g_task_return_boolean (task, TRUE);
}

/**
 * catur_exercise_try_async:
 * @move: the move played on the step's position
 * @cancellable: (nullable): a #GCancellable
 * @callback: called on this thread's main context with the verdict
 * @user_data: its data
 *
 * Judges a try as catur_exercise_try() does, with the judge (a puzzle's solver, which may
 * search for seconds) in a worker thread. The judge must then touch nothing but the positions
 * it is given and its own data. The exercise must not be changed until @callback has run.
 */
void
catur_exercise_try_async (CaturExercise       *self,
                          const CaturMove     *move,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  TryOutcome *outcome;

  g_return_if_fail (CATUR_IS_EXERCISE (self));
  g_return_if_fail (move != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, catur_exercise_try_async);
  if (self->trying != NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                               "A try is already being judged");
      return;
    }
  outcome = g_new0 (TryOutcome, 1);
  outcome->move = *move;
  g_task_set_task_data (task, outcome, try_outcome_free);
  self->trying = outcome;
  if (self->judge != NULL && catur_exercise_get_step (self)->goal == CATUR_GOAL_JUDGED)
    g_task_run_in_thread (task, try_thread);
  else
    {
      judge_try (self, outcome);
      g_task_return_boolean (task, TRUE);
    }
}

/**
 * catur_exercise_try_finish:
 * @answer: (out) (optional) (transfer full): as for catur_exercise_try()
 * @error: set when the try was cancelled (the exercise is then as before it)
 *
 * Returns: the verdict, %CATUR_TRY_ILLEGAL with @error set on failure
 */
CaturTryResult
catur_exercise_try_finish (CaturExercise  *self,
                           GAsyncResult   *result,
                           char          **answer,
                           GError        **error)
{
  GTask *task = G_TASK (result);
  TryOutcome *outcome = g_task_get_task_data (task);

  g_return_val_if_fail (g_task_is_valid (result, self), CATUR_TRY_ILLEGAL);

  if (outcome != NULL && self->trying == outcome)
    self->trying = NULL;
  if (!g_task_propagate_boolean (task, error))
    return CATUR_TRY_ILLEGAL;
  if (g_cancellable_set_error_if_cancelled (g_task_get_cancellable (task), error))
    return CATUR_TRY_ILLEGAL;
  return apply_try (self, outcome, answer);
}

/**
 * catur_exercise_set_refutation:
 * @reply: the other side's move that shows why the try missed
 *
 * Called by a judge (catur_exercise_set_judge()) on a try it turns down, so that the player
 * sees the move that answers it (a puzzle's defence).
 */
void
catur_exercise_set_refutation (CaturExercise   *self,
                               const CaturMove *reply)
{
  g_return_if_fail (CATUR_IS_EXERCISE (self));

  if (self->trying != NULL)
    {
      self->trying->has_refutation = TRUE;
      self->trying->refutation = *reply;
      return;
    }
  self->has_refutation = TRUE;
  self->refutation = *reply;
}

/**
 * catur_exercise_get_refutation:
 * @reply: (out): the judge's answer to the last try, played after it
 *
 * Returns: whether the last try that missed has an answer
 */
gboolean
catur_exercise_get_refutation (CaturExercise *self,
                               CaturMove     *reply)
{
  g_return_val_if_fail (CATUR_IS_EXERCISE (self), FALSE);

  if (self->has_refutation)
    *reply = self->refutation;
  return self->has_refutation;
}

/**
 * catur_exercise_next:
 *
 * Goes on to the next step.
 *
 * Returns: %FALSE when the step shown was the last
 */
gboolean
catur_exercise_next (CaturExercise *self)
{
  g_return_val_if_fail (CATUR_IS_EXERCISE (self), FALSE);

  if (self->index + 1 >= catur_lesson_get_n_steps (self->lesson))
    return FALSE;
  catur_exercise_set_step_index (self, self->index + 1);
  return TRUE;
}
