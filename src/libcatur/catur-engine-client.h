/* catur-engine-client.h: other programs' engines, driven over UCI, USI, UCCI or CECP
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
#error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-types.h"
#include "catur-variant.h"

G_BEGIN_DECLS

/**
 * CaturEngineProtocol:
 * @CATUR_ENGINE_PROTOCOL_UCI: the Universal Chess Interface (Stockfish, Pikafish,
 *   Fairy-Stockfish, catur-engine)
 * @CATUR_ENGINE_PROTOCOL_USI: the Universal Shogi Interface (YaneuraOu, gpsshogi,
 *   Fairy-Stockfish's `usi` handshake)
 * @CATUR_ENGINE_PROTOCOL_UCCI: the older Universal Chinese Chess Interface (ElephantEye,
 *   Fairy-Stockfish's `ucci` handshake)
 * @CATUR_ENGINE_PROTOCOL_CECP: the Chess Engine Communication Protocol, version 2, that
 *   XBoard speaks (GNU Chess, HoiXiangqi, Fairy-Stockfish's `xboard` handshake)
 */
typedef enum
{
  CATUR_ENGINE_PROTOCOL_UCI,
  CATUR_ENGINE_PROTOCOL_USI,
  CATUR_ENGINE_PROTOCOL_UCCI,
  CATUR_ENGINE_PROTOCOL_CECP,
} CaturEngineProtocol;

const char *catur_engine_protocol_to_id   (CaturEngineProtocol  protocol);
gboolean    catur_engine_protocol_from_id (const char          *id,
                                           CaturEngineProtocol *protocol);

/**
 * CaturEngineForms:
 * @game: the id of the game (a #CaturVariant's id)
 * @protocol: the protocol
 * @fairy: %TRUE for Fairy-Stockfish's own forms under this protocol, %FALSE for the usual ones
 * @variant_name: what the engine calls the game (`UCI_Variant`, CECP's `variant`), %NULL when
 *   the protocol's default game is this one
 * @position_keyword: the word before a position text in `position` (`fen`, `sfen`)
 * @ranks_from_one: coordinates count ranks from 1 where the game counts them from 0
 *   (Fairy-Stockfish's Xiangqi in UCI)
 * @shogi_letters: squares are a file letter from the left of the first side's view and a rank
 *   number from its side, and drops `P@e5` (Fairy-Stockfish's Shogi in UCI and CECP); positions
 *   are its FEN with the hand in brackets and `w` for the first side
 * @own_engine_only: only catur-engine speaks the game so (Banqi, whose players are told what
 *   is revealed by catur-match's referee): no other program is offered or tried for it
 *
 * How one game is spoken in one protocol: the forms of its moves and positions. Catur's own
 * forms are the coordinates of the game's coordinate notation (catur_variant_format_move())
 * and its position text (catur_variant_format()); a dialect says how the engine's differ.
 */
typedef struct
{
  const char *game;
  CaturEngineProtocol protocol;
  gboolean fairy;
  const char *variant_name;
  const char *position_keyword;
  gboolean ranks_from_one;
  gboolean shogi_letters;
  gboolean own_engine_only;
} CaturEngineForms;

const CaturEngineForms *catur_engine_forms_find (const char          *game,
                                                     CaturEngineProtocol  protocol,
                                                     gboolean             fairy);
char *catur_engine_forms_move_to_engine   (const CaturEngineForms *forms,
                                             const CaturGeometry      *geometry,
                                             const char               *move);
char *catur_engine_forms_move_from_engine (const CaturEngineForms *forms,
                                             const CaturGeometry      *geometry,
                                             const char               *move);
char *catur_engine_forms_position_to_engine (const CaturEngineForms *forms,
                                               const char               *position);

/**
 * CaturEngineOptionType:
 * @CATUR_ENGINE_OPTION_CHECK: on or off (`true`, `false`)
 * @CATUR_ENGINE_OPTION_SPIN: a whole number between @min and @max
 * @CATUR_ENGINE_OPTION_COMBO: one of @choices
 * @CATUR_ENGINE_OPTION_STRING: any text
 * @CATUR_ENGINE_OPTION_BUTTON: an action, with no value
 * @CATUR_ENGINE_OPTION_FILENAME: a file's path (USI's `filename`, CECP's `-file`, `-path`)
 */
typedef enum
{
  CATUR_ENGINE_OPTION_CHECK,
  CATUR_ENGINE_OPTION_SPIN,
  CATUR_ENGINE_OPTION_COMBO,
  CATUR_ENGINE_OPTION_STRING,
  CATUR_ENGINE_OPTION_BUTTON,
  CATUR_ENGINE_OPTION_FILENAME,
} CaturEngineOptionType;

/**
 * CaturEngineOption:
 * @name: the option's name, as the engine spells it
 * @type: its type
 * @default_value: (nullable): its default, as text
 * @min: the least value of a spin
 * @max: the greatest value of a spin
 * @choices: (nullable): the values of a combo
 *
 * An option an engine declared in its handshake.
 */
typedef struct
{
  char *name;
  CaturEngineOptionType type;
  char *default_value;
  gint64 min;
  gint64 max;
  GStrv choices;
} CaturEngineOption;

/**
 * CaturEngineGo:
 * @movetime: think this many ms, 0 for no such limit
 * @depth: to this depth, 0 for no such limit
 * @nodes: about this many nodes, 0 for no such limit
 * @time: each side's time left on its clock in ms (indexed by #CaturSide), when @timed
 * @increment: each side's increment in ms
 * @byoyomi: the byoyomi period in ms
 * @timed: the clocks above apply
 * @infinite: think until stopped
 * @searchmoves: (nullable): the root moves to search, in the game's coordinates; all when
 *   %NULL (UCI and USI; UCCI and CECP engines search all)
 *
 * The limits of one search. With none of them the engine is given a second.
 */
typedef struct
{
  guint movetime;
  guint depth;
  guint64 nodes;
  gint64 time[2];
  gint64 increment[2];
  gint64 byoyomi;
  gboolean timed;
  gboolean infinite;
  const char * const *searchmoves;
} CaturEngineGo;

/**
 * CaturEngineInfo:
 * @depth: the depth reached, 0 when not said
 * @multipv: which line this is (1 the best), when the engine gives several
 * @score: the score in centipawns from the side to move's view, when not @mate
 * @mate: mate in this many moves for the side to move (negative: against it), 0 for none
 * @has_score: a score was given
 * @nodes: the nodes searched, 0 when not said
 * @time: the ms spent, 0 when not said
 * @pv: (nullable): the best line, in the game's coordinates
 *
 * What an engine says while it thinks.
 */
typedef struct
{
  guint depth;
  guint multipv;
  int score;
  int mate;
  gboolean has_score;
  guint64 nodes;
  guint64 time;
  GStrv pv;
} CaturEngineInfo;

typedef void (*CaturEngineInfoFunc) (const CaturEngineInfo *info,
                                     gpointer               user_data);

/**
 * CATUR_ENGINE_ERROR:
 *
 * The domain of the errors of #CaturEngineClient.
 */
#define CATUR_ENGINE_ERROR (catur_engine_error_quark ())
GQuark catur_engine_error_quark (void);

/**
 * CaturEngineError:
 * @CATUR_ENGINE_ERROR_START: the program did not start
 * @CATUR_ENGINE_ERROR_HANDSHAKE: it did not answer the protocol's greeting in time
 * @CATUR_ENGINE_ERROR_GAME: it cannot play this game in this protocol
 * @CATUR_ENGINE_ERROR_STOPPED: it stopped (it crashed or quit)
 * @CATUR_ENGINE_ERROR_HUNG: it did not answer in time, not even when told to stop
 * @CATUR_ENGINE_ERROR_BAD_MOVE: it answered a move that is malformed or not legal
 * @CATUR_ENGINE_ERROR_NO_MOVE: it answered no move (it resigned, or has none)
 * @CATUR_ENGINE_ERROR_FLOOD: it wrote far more than any engine needs to
 * @CATUR_ENGINE_ERROR_BUSY: it is already thinking
 */
typedef enum
{
  CATUR_ENGINE_ERROR_START,
  CATUR_ENGINE_ERROR_HANDSHAKE,
  CATUR_ENGINE_ERROR_GAME,
  CATUR_ENGINE_ERROR_STOPPED,
  CATUR_ENGINE_ERROR_HUNG,
  CATUR_ENGINE_ERROR_BAD_MOVE,
  CATUR_ENGINE_ERROR_NO_MOVE,
  CATUR_ENGINE_ERROR_FLOOD,
  CATUR_ENGINE_ERROR_BUSY,
} CaturEngineError;

#define CATUR_TYPE_ENGINE_CLIENT (catur_engine_client_get_type ())
G_DECLARE_FINAL_TYPE (CaturEngineClient, catur_engine_client, CATUR, ENGINE_CLIENT, GObject)

CaturEngineClient *catur_engine_client_new             (const char * const  *argv,
                                                        CaturEngineProtocol  protocol);
void               catur_engine_client_set_timeout     (CaturEngineClient   *self,
                                                        guint                ms);
void               catur_engine_client_start_async     (CaturEngineClient   *self,
                                                        CaturVariant        *variant,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean           catur_engine_client_start_finish    (CaturEngineClient   *self,
                                                        GAsyncResult        *result,
                                                        GError             **error);
const char        *catur_engine_client_get_name        (CaturEngineClient   *self);
const char        *catur_engine_client_get_author      (CaturEngineClient   *self);
GPtrArray         *catur_engine_client_get_options     (CaturEngineClient   *self);
const CaturEngineForms *catur_engine_client_get_forms (CaturEngineClient *self);
gboolean           catur_engine_client_set_option      (CaturEngineClient   *self,
                                                        const char          *name,
                                                        const char          *value,
                                                        GError             **error);
void               catur_engine_client_new_game        (CaturEngineClient   *self);
void               catur_engine_client_go_async        (CaturEngineClient   *self,
                                                        const CaturPosition *start,
                                                        const CaturMove     *moves,
                                                        guint                n_moves,
                                                        const CaturEngineGo *go,
                                                        CaturEngineInfoFunc  info_func,
                                                        gpointer             info_data,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean           catur_engine_client_go_finish       (CaturEngineClient   *self,
                                                        GAsyncResult        *result,
                                                        CaturMove           *move,
                                                        GError             **error);
const char        *catur_engine_client_get_ponder_move (CaturEngineClient   *self);
gboolean           catur_engine_client_get_ponder      (CaturEngineClient   *self);
gboolean           catur_engine_client_ponder          (CaturEngineClient   *self,
                                                        const CaturPosition *start,
                                                        const CaturMove     *moves,
                                                        guint                n_moves,
                                                        const CaturEngineGo *go);
gboolean           catur_engine_client_get_pondering   (CaturEngineClient   *self);
void               catur_engine_client_stop            (CaturEngineClient   *self);
void               catur_engine_client_quit            (CaturEngineClient   *self);
gboolean           catur_engine_client_get_running     (CaturEngineClient   *self);

G_END_DECLS
