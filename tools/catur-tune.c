/* catur-tune.c: fits a game's evaluation weights to labelled positions (docs/tuning.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   catur-tune-chess [--lambda 0.7] [--passes 30] [--only NAME,…] positions.txt > weights.c
 *
 * Each line of the data is a position text, a tab, the result of the game it came from for the
 * side that moves first (1, 0.5, 0), and optionally a tab and a stronger engine's score of it
 * in centipawns for that side (tests/bench/tune-positions.py makes them). Positions in check or
 * with a winning capture are left out: a static evaluation cannot know how they end.
 *
 * The target of a position is lambda times the engine's score as a win probability plus
 * (1 - lambda) times the result; the evaluation e is read as the probability
 * 1 / (1 + 10^(-K e / 400)), with the K that fits the data best for the weights as they are,
 * then held. The weights move by local search (Texel's method): each weight, or each mirrored
 * pair of a board table, is tried a step up and a step down and kept where the mean squared
 * difference falls, pass after pass; the step halves when a pass changes fewer than a tenth of
 * them, down to 1, and the fit ends when a pass at 1 gains less than a millionth of the error.
 * The evaluation is the game's own code with its weights made variables, so terms that are not
 * linear in their weights (a king danger that grows as a square) are fitted as they play.
 *
 * Every tenth position (--holdout) is kept out of the fit and its error reported beside the
 * fitted one, so that a fit that learns the data by heart shows. The weights are printed on
 * standard output as C initialisers, in the order and shape of the game's tables.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catur-tune.h"

typedef struct
{
  float target;
  float result;
  char *text;
} Label;

typedef struct
{
  const CaturTuneGame *game;
  guint8 *positions;
  Label *labels;
  guint n;
  guint n_fit;               /* the first n_fit are fitted, the rest held out */
  double k;
  guint threads;
} Data;

static void
data_clear (Data *data)
{
  for (guint i = 0; i < data->n; i++)
    g_free (data->labels[i].text);
  g_clear_pointer (&data->labels, g_free);
  g_clear_pointer (&data->positions, g_free);
  data->n = data->n_fit = 0;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Data, data_clear)

typedef struct
{
  const Data *data;
  guint from;
  guint to;
  double k;
  double sum;
} Chunk;

/* One unit of the search: a weight, or the two squares of a mirrored pair. */
typedef struct
{
  int *first;
  int *second;
  const char *name;
  guint index;
} Unit;

static double
probability (double centipawns,
             double k)
{
  return 1.0 / (1.0 + pow (10.0, -k * centipawns / 400.0));
}

static gpointer
chunk_error (gpointer user_data)
{
  Chunk *chunk = user_data;
  const Data *data = chunk->data;
  double sum = 0;

  for (guint i = chunk->from; i < chunk->to; i++)
    {
      int e = data->game->evaluate (data->positions + (gsize) i * data->game->position_size);
      double d = data->labels[i].target - probability (e, chunk->k);

      sum += d * d;
    }
  chunk->sum = sum;
  return NULL;
}

/* The mean squared error over positions [from, to), computed on the threads. */
static double
mean_error (const Data *data,
            guint       from,
            guint       to,
            double      k)
{
  Chunk chunks[16];
  GThread *threads[16] = { NULL };
  guint n = MIN (data->threads, G_N_ELEMENTS (chunks));
  double sum = 0;

  if (to <= from)
    return 0;
  for (guint t = 0; t < n; t++)
    {
      chunks[t] = (Chunk) { data, from + (to - from) * t / n, from + (to - from) * (t + 1) / n,
                            k, 0 };
      if (t > 0)
        threads[t] = g_thread_new ("tune", chunk_error, &chunks[t]);
    }
  chunk_error (&chunks[0]);
  for (guint t = 0; t < n; t++)
    {
      if (threads[t] != NULL)
        g_thread_join (threads[t]);
      sum += chunks[t].sum;
    }
  return sum / (to - from);
}

/* The K that fits the weights as they are: golden-section search on the fitted positions. */
static double
fit_k (const Data *data)
{
  const double ratio = (sqrt (5.0) - 1) / 2;
  double a = 0.1, b = 4.0;
  double c = b - ratio * (b - a), d = a + ratio * (b - a);
  double fc = mean_error (data, 0, data->n_fit, c), fd = mean_error (data, 0, data->n_fit, d);

  while (b - a > 0.001)
    {
      if (fc < fd)
        {
          b = d;
          d = c;
          fd = fc;
          c = b - ratio * (b - a);
          fc = mean_error (data, 0, data->n_fit, c);
        }
      else
        {
          a = c;
          c = d;
          fc = fd;
          d = a + ratio * (b - a);
          fd = mean_error (data, 0, data->n_fit, d);
        }
    }
  return (a + b) / 2;
}

static gboolean
parse_number (const char *text,
              double     *value)
{
  char *end = NULL;

  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0';
}

static gboolean
read_data (Data        *data,
           const char  *path,
           double       lambda,
           guint        holdout,
           guint        limit,
           GError     **error)
{
  const CaturTuneGame *game = data->game;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GByteArray) fit = g_byte_array_new ();
  g_autoptr(GByteArray) kept = g_byte_array_new ();
  g_autoptr(GArray) fit_labels = g_array_new (FALSE, FALSE, sizeof (Label));
  g_autoptr(GArray) kept_labels = g_array_new (FALSE, FALSE, sizeof (Label));
  g_autofree guint8 *position = g_malloc0 (game->position_size);
  guint bad = 0, loud = 0, read = 0;

  if (!g_file_get_contents (path, &contents, NULL, error))
    return FALSE;
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL && (limit == 0 || read < limit); i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], "\t", -1);
      guint n_fields = g_strv_length (fields);
      double result, score = 0;
      Label label;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      if (n_fields < 2 || !parse_number (fields[1], &result) || result < 0 || result > 1
          || (n_fields >= 3 && !parse_number (fields[2], &score))
          || (n_fields < 3 && lambda > 0))
        {
          if (bad++ < 5)
            g_printerr ("line %u: not a position, a result and a score\n", i + 1);
          continue;
        }
      memset (position, 0, game->position_size);
      if (!game->parse (fields[0], position))
        {
          if (bad++ < 5)
            g_printerr ("line %u: %s is not a position\n", i + 1, fields[0]);
          continue;
        }
      if (!game->quiet (position))
        {
          loud++;
          continue;
        }
      label.target = (float) (n_fields >= 3 ? lambda * probability (score, 1.0)
                                                + (1 - lambda) * result
                                            : result);
      label.result = (float) result;
      label.text = g_strdup (fields[0]);
      if (holdout > 0 && read % holdout == holdout - 1)
        {
          g_byte_array_append (kept, position, game->position_size);
          g_array_append_val (kept_labels, label);
        }
      else
        {
          g_byte_array_append (fit, position, game->position_size);
          g_array_append_val (fit_labels, label);
        }
      read++;
    }

  g_printerr ("%u positions: %u fitted, %u held out; %u in check or with a winning capture "
              "left out, %u lines unread\n", read, fit_labels->len, kept_labels->len, loud, bad);
  if (fit_labels->len == 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s holds no position to fit", path);
      return FALSE;
    }
  data->n_fit = fit_labels->len;
  data->n = fit_labels->len + kept_labels->len;
  g_byte_array_append (fit, kept->data, kept->len);
  g_array_append_vals (fit_labels, kept_labels->data, kept_labels->len);
  data->positions = g_byte_array_free (g_steal_pointer (&fit), FALSE);
  data->labels = (Label *) (gpointer) g_array_free (g_steal_pointer (&fit_labels), FALSE);
  return TRUE;
}

static gboolean
wanted (const char         *name,
        const char * const *only)
{
  return only == NULL || g_strv_contains (only, name);
}

static GArray *
list_units (const CaturTuneGame *game,
            const char * const  *only)
{
  GArray *units = g_array_new (FALSE, FALSE, sizeof (Unit));

  for (guint w = 0; game->weights[w].name != NULL; w++)
    {
      const CaturTuneWeights *weights = &game->weights[w];

      if (!wanted (weights->name, only))
        continue;
      for (guint i = 0; i < weights->n; i++)
        {
          Unit unit = { &weights->values[i], NULL, weights->name, i };

          if (weights->mirrored && weights->columns > 0)
            {
              guint column = i % weights->columns;
              guint mirror = i - column + weights->columns - 1 - column;

              if (mirror < i)
                continue;
              if (mirror != i)
                unit.second = &weights->values[mirror];
            }
          g_array_append_val (units, unit);
        }
    }
  return units;
}

static void
unit_add (const Unit *unit,
          int         delta)
{
  *unit->first += delta;
  if (unit->second != NULL)
    *unit->second += delta;
}

static void
print_weights (const CaturTuneGame *game,
               FILE                *out)
{
  for (guint w = 0; game->weights[w].name != NULL; w++)
    {
      const CaturTuneWeights *weights = &game->weights[w];

      fprintf (out, "%s = {", weights->name);
      for (guint i = 0; i < weights->n; i++)
        {
          if (weights->columns > 0 && i % weights->columns == 0)
            fprintf (out, "\n ");
          fprintf (out, " %4d,", weights->values[i]);
        }
      fprintf (out, weights->columns > 0 ? "\n};\n" : " };\n");
    }
}

/* Reads weights as print_weights() writes them: `name = { 1, 2, … };`, every run optional. */
static gboolean
read_weights (const CaturTuneGame *game,
              const char          *path,
              GError             **error)
{
  g_autofree char *contents = NULL;
  char *at;

  if (!g_file_get_contents (path, &contents, NULL, error))
    return FALSE;
  at = contents;
  while (*(at += strspn (at, " \t\r\n")) != '\0')
    {
      const char *name = at;
      gsize name_length = strcspn (at, " =");
      const CaturTuneWeights *weights = NULL;

      for (guint w = 0; game->weights[w].name != NULL; w++)
        if (strlen (game->weights[w].name) == name_length
            && strncmp (game->weights[w].name, name, name_length) == 0)
          weights = &game->weights[w];
      at += name_length;
      at += strspn (at, " ");
      if (weights == NULL || strncmp (at, "= {", 3) != 0)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       "%s: %.*s is not a run of %s's weights", path, (int) name_length, name,
                       game->id);
          return FALSE;
        }
      at += 3;
      for (guint i = 0; i < weights->n; i++)
        {
          char *end = NULL;
          gint64 value = g_ascii_strtoll (at, &end, 10);

          if (end == at || *end != ',' || value < -30000 || value > 30000)
            {
              g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                           "%s: %s wants %u numbers, each followed by a comma", path,
                           weights->name, weights->n);
              return FALSE;
            }
          weights->values[i] = (int) value;
          at = end + 1;
        }
      at += strspn (at, " \t\r\n");
      if (strncmp (at, "};", 2) != 0)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: %s holds more than %u numbers",
                       path, weights->name, weights->n);
          return FALSE;
        }
      at += 2;
    }
  return TRUE;
}

/* Prints the data again with the evaluation's own score in place of the engine's: data whose
 * best weights are known, to check the fit with. */
static void
print_labelled (const Data *data)
{
  for (guint i = 0; i < data->n; i++)
    {
      gconstpointer position = data->positions + (gsize) i * data->game->position_size;

      printf ("%s\t%g\t%d\n", data->labels[i].text, data->labels[i].result,
              data->game->evaluate (position));
    }
}

/* After every pass, so that a long fit stopped early keeps what it found. */
static gboolean
save_weights (const CaturTuneGame *game,
              const char          *path,
              GError             **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;
  FILE *out = open_memstream (&text, &length);

  print_weights (game, out);
  fclose (out);
  return g_file_set_contents (path, text, (gssize) length, error);
}

int
main (int    argc,
      char **argv)
{
  const CaturTuneGame *game = &catur_tune_game;
  double lambda = 1.0, k = 0;
  int passes = 30, step = 4, threads = 2, holdout = 10, limit = 0;
  g_autofree char *only_list = NULL;
  g_auto(GStrv) only = NULL;
  gboolean report_only = FALSE, label_only = FALSE;
  g_autofree char *start = NULL, *output = NULL;
  GOptionEntry entries[] = {
    { "lambda", 0, 0, G_OPTION_ARG_DOUBLE, &lambda,
      "How much the engine's score weighs in the target, against the result (default 1)", "L" },
    { "k", 0, 0, G_OPTION_ARG_DOUBLE, &k,
      "Read the evaluation with this K instead of the one that fits it best", "K" },
    { "passes", 0, 0, G_OPTION_ARG_INT, &passes, "At most this many passes (default 30)", "N" },
    { "step", 0, 0, G_OPTION_ARG_INT, &step, "The first step (default 4)", "S" },
    { "only", 0, 0, G_OPTION_ARG_STRING, &only_list,
      "Move only these weights (names, by commas)", "NAMES" },
    { "threads", 'j', 0, G_OPTION_ARG_INT, &threads, "Threads (default 2)", "T" },
    { "holdout", 0, 0, G_OPTION_ARG_INT, &holdout,
      "Keep every Nth position out of the fit (default 10; 0 keeps none)", "N" },
    { "limit", 0, 0, G_OPTION_ARG_INT, &limit, "Read at most N positions", "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write the weights here after every pass, not once on standard output", "FILE" },
    { "start", 0, 0, G_OPTION_ARG_FILENAME, &start,
      "Start from these weights (as this program prints them) instead of the game's", "FILE" },
    { "report", 0, 0, G_OPTION_ARG_NONE, &report_only,
      "Only report how well the weights as they are fit the data", NULL },
    { "label", 0, 0, G_OPTION_ARG_NONE, &label_only,
      "Print the quiet positions with the evaluation's score as the engine's", NULL },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("POSITIONS — fit the evaluation");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) units = NULL;
  g_autoptr(GTimer) timer = g_timer_new ();
  g_auto(Data) data = { game };
  g_autofree int *before = NULL;
  double best, held;

  /* No setlocale (): the data's numbers are written and read with a point, whatever the
   * user's language. */
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "catur-tune wants one data file");
      return 2;
    }
  if (lambda < 0 || lambda > 1 || k < 0 || passes < 0 || step < 1 || threads < 1 || holdout < 0
      || limit < 0)
    {
      g_printerr ("--lambda runs from 0 to 1; --step and --threads from 1; the rest from 0\n");
      return 2;
    }
  if (only_list != NULL)
    {
      only = g_strsplit (only_list, ",", -1);
      for (guint i = 0; only[i] != NULL; i++)
        {
          gboolean known = FALSE;

          for (guint w = 0; game->weights[w].name != NULL; w++)
            known |= g_str_equal (game->weights[w].name, only[i]);
          if (!known)
            {
              g_printerr ("%s has no weights named %s\n", game->id, only[i]);
              return 2;
            }
        }
    }
  data.threads = (guint) threads;
  /* Labelling reads positions with no engine's score yet. */
  if (label_only)
    lambda = 0;
  if (start != NULL && !read_weights (game, start, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  game->changed ();
  if (!read_data (&data, argv[1], lambda, (guint) holdout, (guint) limit, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  if (label_only)
    {
      print_labelled (&data);
      return 0;
    }
  /* A fit that starts elsewhere than the game's weights (--start) should keep the game's K:
   * the weights and K scale together, and a K fitted to other weights would scale them. */
  data.k = k > 0 ? k : fit_k (&data);
  best = mean_error (&data, 0, data.n_fit, data.k);
  held = mean_error (&data, data.n_fit, data.n, data.k);
  g_printerr ("K %.3f; error %.6f fitted, %.6f held out\n", data.k, best, held);
  if (report_only)
    return 0;

  units = list_units (game, (const char * const *) only);
  g_printerr ("%u weights move (mirrored squares in pairs)\n", units->len);
  before = g_new (int, units->len);
  for (int pass = 1; pass <= passes; pass++)
    {
      guint changed = 0, leaps = 0;
      double error_before = best;

      for (guint u = 0; u < units->len; u++)
        before[u] = *g_array_index (units, Unit, u).first;

      for (guint u = 0; u < units->len; u++)
        {
          const Unit *unit = &g_array_index (units, Unit, u);

          for (int direction = 1; direction >= -1; direction -= 2)
            {
              double error_now;

              unit_add (unit, direction * step);
              game->changed ();
              error_now = mean_error (&data, 0, data.n_fit, data.k);
              if (error_now < best)
                {
                  best = error_now;
                  changed++;
                  break;
                }
              unit_add (unit, -direction * step);
              game->changed ();
            }
        }
      /* Weights that fit together lie along a valley the single steps only zigzag down: the
       * moves of the pass, all at once and doubled each time, are tried while the error falls
       * (Hooke and Jeeves's pattern move). */
      while (changed > 0 && leaps < 10)
        {
          double error_now;

          for (guint u = 0; u < units->len; u++)
            {
              const Unit *unit = &g_array_index (units, Unit, u);

              unit_add (unit, *unit->first - before[u]);
            }
          game->changed ();
          error_now = mean_error (&data, 0, data.n_fit, data.k);
          if (error_now >= best)
            {
              for (guint u = 0; u < units->len; u++)
                {
                  const Unit *unit = &g_array_index (units, Unit, u);

                  unit_add (unit, -(*unit->first - before[u]) / 2);
                }
              game->changed ();
              break;
            }
          best = error_now;
          leaps++;
        }
      held = mean_error (&data, data.n_fit, data.n, data.k);
      g_printerr ("pass %d, step %d: %u changed, %u leaps; error %.6f fitted, %.6f held out "
                  "(%.0f s)\n", pass, step, changed, leaps, best, held,
                  g_timer_elapsed (timer, NULL));
      /* A pass that moves few weights at this step has found what the step can find. */
      if (output != NULL && !save_weights (game, output, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      /* At the smallest step, a pass that gains less than a millionth of the error has found
       * what this data can teach. */
      if (step == 1 && error_before - best < error_before * 1e-6)
        break;
      if (changed * 10 < units->len && step > 1)
        step /= 2;
    }

  if (output == NULL)
    print_weights (game, stdout);
  return 0;
}
