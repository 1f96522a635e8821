# ruff: noqa: E501  (the catalogue holds whole sentences, one a line)
"""The message catalogue: every text the package writes for people, in English and French.

A text is written through :func:`tr` with its English template, the key of the
catalogue; under :func:`writing_in` French, the French template of :data:`FRENCH` is
used instead.  Cards keep their machine names inside; for people they are written by
:func:`card_name` (``A♠``, ``10♥``; in French ``V♥`` for the jack, ``D`` the queen, ``R``
the king) and :func:`french_cards` turns the card names of an English-built text into
French ones.  ``tests/test_messages.py`` checks that every template the code writes has
its French and that the catalogue holds nothing unused.

>>> with writing_in("fr"):
...     tr("after {n} deals", n=3), french_cards("Play J♥, then K♠ and 10♦")
('après 3 donnes', 'Play V♥, then R♠ and 10♦')
"""

from __future__ import annotations

import contextlib
import contextvars
import re
from typing import Any, Iterator

from .language import Language

__all__ = ["tr", "N_", "writing_in", "output_language", "french_cards", "card_name", "in_output_language",
           "FRENCH"]

_OUTPUT: contextvars.ContextVar[Language] = contextvars.ContextVar("coinche_output", default=Language.EN)


def output_language() -> Language:
    """English or French: the language of the output now."""
    return _OUTPUT.get()


@contextlib.contextmanager
def writing_in(language: "Language | str") -> Iterator[Language]:
    """Write in ``language`` inside the block (:data:`~solver.language.AUTO` writes English)."""
    lang = Language(language)
    token = _OUTPUT.set(Language.FR if lang is Language.FR else Language.EN)
    try:
        yield lang
    finally:
        _OUTPUT.reset(token)


def N_(template: str) -> str:
    """Mark ``template`` for the catalogue, to be translated where it is written (a
    column name that :func:`tr` meets later)."""
    return template


def tr(template: str, **fields: Any) -> str:
    """``template`` (English) in the output language, its ``{fields}`` filled in.

    In French a field that is one of the package's objects (a contract, a seat, a side)
    is written as French writes it for people (:func:`in_output_language`): West is O.

    >>> from solver.contract import Contract
    >>> with writing_in("fr"):
    ...     tr("{contract} makes in {p:.0f}% of the deals", contract=Contract.parse("110H W"), p=100)
    '110♥ O réussit dans 100 % des donnes'
    """
    if _OUTPUT.get() is not Language.FR:
        return template.format(**fields) if fields else template
    template = FRENCH.get(template, template)
    if not fields:
        return template
    return template.format(**{k: _for_people(v) for k, v in fields.items()})


def _for_people(value: Any) -> Any:
    # The package's own objects (their class defined in solver) print their machine names;
    # numbers, text and paths are the caller's to write.
    if type(value).__module__.startswith("solver."):
        return in_output_language(str(value))
    return value


_FACE = re.compile(r"(?<![A-Za-z0-9])([KQJ])(?=[♠♥♦♣])")
_FRENCH_FACE = {"K": "R", "Q": "D", "J": "V"}


_HAND = re.compile(r"([♠♥♦♣])((?: (?:A|K|Q|J|10|9|8|7))+)")


def french_cards(text: str) -> str:
    """The card names of ``text`` (``J♥``, ``K♠``, and hands written ``♠ A K 9``) with
    French ranks (``V♥``, ``R♠``, ``♠ A R 9``)."""
    text = _FACE.sub(lambda m: _FRENCH_FACE[m.group(1)], text)
    return _HAND.sub(lambda m: m.group(1) + re.sub(r"[KQJ]", lambda r: _FRENCH_FACE[r.group(0)], m.group(2)),
                     text)


def card_name(card: Any) -> str:
    """A card for people in the output language: ``J♥`` or ``V♥``."""
    text = card.symbol
    return french_cards(text) if _OUTPUT.get() is Language.FR else text


_WEST = re.compile(r"(?<![\w-])W(?![\w-])")      # the seat W, which French calls O (Ouest)
_EAST_WEST = re.compile(r"\bE-?W\b")              # the side E-W (EW), E-O in French


def in_output_language(text: str) -> str:
    """``text`` as the output language writes it for people, the one home of it for the
    command line and the board: in French, card ranks (``V♥``), the side E-O and the
    seat O; the same length, so that tables keep their columns.

    >>> with writing_in("fr"):
    ...     in_output_language("W leads J♥ for E-W")
    'O leads V♥ for E-O'
    """
    if _OUTPUT.get() is not Language.FR:
        return text
    return _WEST.sub("O", _EAST_WEST.sub(lambda m: m.group(0).replace("W", "O"), french_cards(text)))


#: English template -> French template.
FRENCH: dict[str, str] = {
    # answers and studies
    "limit {limit!r}: expected 1 or more": "limite {limit!r} : 1 ou plus attendu",
    "strains {strains}: the rules bid {bid}": "couleurs {strains} : les règles annoncent {bid}",
    "predicate {where!r}: expected an expression, like 'trump_J and trumps >= 4'":
        "condition {where!r} : une expression est attendue, comme 'trump_J and trumps >= 4'",
    "feature {name!r}: expected a name": "caractéristique {name!r} : un nom est attendu",
    "predicate {text}: {reason}": "condition {text} : {reason}",
    "'in' but over a list of constants": "'in' mais sur autre chose qu'une liste de constantes",
    "contract {text!r}: expected a bid like 100H S": "contrat {text!r} : une enchère est attendue, comme 100♥ S",
    "contracts: expected one or more, like ['100H S', '80SA S']":
        "contrats : un ou plus attendus, comme ['100♥ S', '80SA S']",
    # stopping
    "the command did not stop within {n} s: ended at once":
        "la commande ne s'est pas arrêtée en {n} s : arrêt immédiat",
    # sampling errors
    "length key {key!r}": "clé de longueur {key!r}",
    "a seat cannot be void in every suit, it must hold 8 cards":
        "une place ne peut être chicane dans toutes les couleurs, elle doit tenir 8 cartes",
    " in {strain}": " à {strain}",
    "hand {hand!r}: a hand holds 8 cards, this one {n}": "main {hand!r} : une main compte 8 cartes, celle-ci {n}",
    "{what}: range {value!r} must satisfy 0 <= minimum <= maximum <= {top}":
        "{what} : la fourchette {value!r} doit vérifier 0 <= minimum <= maximum <= {top}",
    "void {v!r}": "chicane {v!r}",
    "length of {suit} at {seat}": "longueur à {suit} de {seat}",
    "the lengths given for {seat} allow it no card in any suit: {why}":
        "les longueurs données pour {seat} ne lui laissent aucune carte dans aucune couleur : {why}",
    "points {v!r}": "points {v!r}",
    "points of {seat}": "points de {seat}",
    "cards {items} are known at {seat} but not in its hand {hand!r}":
        "les cartes {items} sont connues en {seat} mais absentes de sa main {hand!r}",
    "{seat}'s own hand {hand!r} breaks a constraint: {why}":
        "la main même de {seat}, {hand!r}, enfreint une contrainte : {why}",
    "number of deals {n!r}: expected a whole number, 1 or more":
        "nombre de donnes {n!r} : il faut un nombre entier, 1 ou plus",
    "constraints {c!r}: expected a Constraints object": "contraintes {c!r} : il faut un objet Constraints",
    "known cards do not fit in the hands": "les cartes connues ne tiennent pas dans les mains",
    "{what}: {e}": "{what} : {e}",
    "{what}: unknown suit {value!r}: expected one of S H D C":
        "{what} : couleur inconnue {value!r} : il faut l'une de S H D C",
    "{what}: {value!r} is not a range: expected (minimum, maximum)":
        "{what} : {value!r} n'est pas une fourchette : il faut (minimum, maximum)",
    "known cards of {seat}: {n_cards} cards, at most 8": "cartes connues de {seat} : {n_cards} cartes, 8 au plus",
    "card {both} is both known at {s} and excluded there": "la carte {both} est à la fois connue et exclue en {s}",
    "length key {key!r}: expected a seat and a suit, like 'N:H'":
        "clé de longueur {key!r} : il faut une place et une couleur, comme 'N:H'",
    "length key {key!r}: expected (seat, suit), like ('N', 'H')":
        "clé de longueur {key!r} : il faut (place, couleur), comme ('N', 'H')",
    "void {voids}: {why}": "chicane {voids} : {why}",
    "void {voids} and the lengths given for {seat} allow it no card in any suit: {why}":
        "la chicane {voids} et les longueurs données pour {seat} ne lui laissent aucune carte dans aucune couleur : {why}",
    "points_strain: {e}": "points_strain : {e}",
    "is void in": "est chicane à",
    "holds at most {hi}": "tient au plus {hi}",
    "{seat} {what} {suit} but is known to hold {held!r}": "{seat} {what} {suit} mais on lui sait {held!r}",
    "accept {accept!r} is not callable: expected a function deal -> bool":
        "accept {accept!r} n'est pas appelable : il faut une fonction donne -> bool",
    "cards {items} are known at {s} but are in {seat}'s hand {hand!r}":
        "les cartes {items} sont connues en {s} mais sont dans la main de {seat}, {hand!r}",
    "{n_cards} cards known at {s}: at most 8": "{n_cards} cartes connues en {s} : 8 au plus",
    "the other seats hold at least {lo_sum} {suit} in all but only {free} are unseen by {seat}":
        "les autres places tiennent en tout au moins {lo_sum} {suit} mais seules {free} sont hors de vue de {seat}",
    "the lengths given for {s} add up to {lo_sum}..{hi_sum} cards: a hand holds 8":
        "les longueurs données pour {s} totalisent {lo_sum}..{hi_sum} cartes : une main en tient 8",
    "{s} needs {room} more cards but its suit lengths let it take only {fit} of the cards unseen by {seat}":
        "{s} doit recevoir {room} cartes de plus mais ses longueurs ne lui en laissent prendre que {fit} parmi les cartes hors de vue de {seat}",
    "found only {n_out} of {n} deals in {attempts} attempts: the constraints reject almost every deal (rejected by: {reasons})":
        "seulement {n_out} donnes sur {n} trouvées en {attempts} essais : les contraintes rejettent presque toutes les donnes (rejets : {reasons})",
    "no deal fits: the cards excluded from the seats leave no way to deal the unseen cards ({barred})":
        "aucune donne ne convient : les cartes exclues des places ne laissent aucune façon de distribuer les cartes cachées ({barred})",
    "accept function {accept!r} failed on {deal!r}: {e!r}":
        "la fonction accept {accept!r} a échoué sur {deal!r} : {e!r}",
    "{what} cards of {seat}: {e}": "cartes {what} de {seat} : {e}",
    "card {c} is known at two seats: {owner} and {seat}":
        "la carte {c} est connue à deux places : {owner} et {seat}",
    "void of {seat}": "chicane de {seat}",
    "length of {suit} at {seat}: {v!r} contradicts ({before_lo}, {before_hi}) given before":
        "longueur à {suit} de {seat} : {v!r} contredit ({before_lo}, {before_hi}) donné avant",
    "{s} holds {lo} to {hi} {suit} but only {free} {suit} are unseen by {seat} ({hand!r} holds the rest)":
        "{s} tient {lo} à {hi} {suit} mais seules {free} cartes à {suit} sont hors de vue de {seat} ({hand!r} tient le reste)",
    "{s} holds {lo} to {hi} points{where} but can only hold {reach} to {reach2}: its known cards and the unseen ones it may get allow no more":
        "{s} tient {lo} à {hi} points{where} mais ne peut en tenir que {reach} à {reach2} : ses cartes connues et les cartes cachées qu'il peut recevoir n'en permettent pas plus",
    "none": "aucune",
    "known": "connues",
    "excluded": "exclues",
    # errors of the advice, play, bidding, table, scoring and record modules
    "samples {samples!r}: expected a whole number, 1 or more":
        "échantillons {samples!r} : il faut un nombre entier, 1 ou plus",
    "time {time!r}: expected a number of seconds above 0":
        "temps {time!r} : il faut un nombre de secondes supérieur à 0",
    "bid {bid!r} is not in the advice: expected 80 to {max_level} by 10 or capot, in {strains}":
        "l'enchère {bid!r} n'est pas dans le conseil : il faut 80 à {max_level} de 10 en 10 ou capot, à {strains}",
    "rules {rules!r}: expected a Rules object": "règles {rules!r} : il faut un objet Rules",
    "card {card} is not in the leader's hand {hand!r}":
        "la carte {card} n'est pas dans la main de l'entameur {hand!r}",
    "{c}: lead advice does not handle générale contracts":
        "{c} : le conseil d'entame ne traite pas les contrats de générale",
    "measure {measure!r}: expected 'points' or 'set'": "mesure {measure!r} : il faut 'points' ou 'set'",
    "contract {c} names declarer {declarer}, not {seat}": "le contrat {c} nomme le preneur {declarer}, pas {seat}",
    "contract {contract!r} names no declarer: give declarer= or write the seat in the text, like '100H S'":
        "le contrat {contract!r} ne nomme aucun preneur : donnez declarer= ou écrivez la place dans le texte, comme '100♥ S'",
    "name the first leader (or the dealer, whose left-hand opponent leads)":
        "nommez l'entameur (ou le donneur, dont l'adversaire de gauche entame)",
    "an auction needs its dealer": "des enchères ont besoin de leur donneur",
    "contract {c}: name its declarer, like '100H N'": "contrat {c} : nommez son preneur, comme '100♥ N'",
    "contract {contract} {declarer}: the auction ended in {ended} {ended_by}":
        "contrat {contract} {declarer} : les enchères ont fini sur {ended} {ended_by}",
    "after these cards {to_move} is to play, not {seat}":
        "après ces cartes, c'est à {to_move} de jouer, pas à {seat}",
    "the real deal gives {seat} {real}, not {hand}": "la vraie donne donne à {seat} {real}, pas {hand}",
    "name the contract with its declarer, like '100H N' (or give the auction)":
        "nommez le contrat avec son preneur, comme '100♥ N' (ou donnez les enchères)",
    "the auction's dealer is {dealer}, not {dealer2}": "le donneur des enchères est {dealer}, pas {dealer2}",
    "the auction {a} is over: no call is left to make":
        "les enchères {a} sont finies : il ne reste aucune enchère à faire",
    "after {a} it is {next_seat}'s call, not {seat}'s": "après {a}, c'est à {next_seat} de parler, pas à {seat}",
    "{call}, but you hold {held}: no deal fits the auction under the {system} system":
        "{call}, mais vous tenez {held} : aucune donne ne s'accorde aux enchères dans le système {system}",
    "{first} and {call}: both cannot hold {card}; no deal fits the auction under the {system} system":
        "{first} et {call} : les deux ne peuvent tenir {card} ; aucune donne ne s'accorde aux enchères dans le système {system}",
    "strain {strain} differs from the contract's {contract_strain}":
        "l'atout {strain} diffère de celui du contrat, {contract_strain}",
    "worlds {worlds!r}: expected a whole number, 1 or more":
        "mondes {worlds!r} : il faut un nombre entier, 1 ou plus",
    "player {p!r} for {s}: expected 'pimc', 'dd' or a function":
        "joueur {p!r} pour {s} : il faut 'pimc', 'dd' ou une fonction",
    "name the contract (like '100H N') or the strain": "nommez le contrat (comme '100♥ N') ou l'atout",
    "player {p!r}: expected 'pimc', 'dd' or a function": "joueur {p!r} : il faut 'pimc', 'dd' ou une fonction",
    "par needs a full deal of 8 cards a hand, not {cards_per_hand}: {deal!r}":
        "le par demande une donne complète de 8 cartes par main, pas {cards_per_hand} : {deal!r}",
    "the table is for leader {leader}, but with dealer {dealer} the first lead is by {first}":
        "la table est pour l'entameur {leader}, mais avec le donneur {dealer} la première entame est de {first}",
    "an outcome": "un résultat",
    "threads {threads!r}: expected a whole number, 1 or more":
        "fils {threads!r} : il faut un nombre entier, 1 ou plus",
    "{what} needs a one-leader table: use table.for_leader(seat)":
        "{what} demande une table à un seul entameur : utilisez table.for_leader(seat)",
    "a one-leader table has no leader index: {key!r}":
        "une table à un seul entameur n'a pas d'indice d'entameur : {key!r}",
    "this table is for leader {leader}, not {asked!r}": "cette table est pour l'entameur {leader}, pas {asked!r}",
    "not a contract: {contract!r}": "pas un contrat : {contract!r}",
    "capot {capot!r}: expected the side that took every trick, or None":
        "capot {capot!r} : il faut le camp qui a fait tous les plis, ou None",
    "deal total {total!r}: expected a whole number from 1 to {top}":
        "total de la donne {total!r} : il faut un nombre entier de 1 à {top}",
    "belote {b!r}: expected (ns, ew), the belotes each side claims":
        "belote {b!r} : il faut (ns, ew), les belotes que chaque camp annonce",
    "not a Rules object: {rules!r}": "pas un objet Rules : {rules!r}",
    "belote claims in {contract}: {n}, where these rules and this strain allow at most {most}":
        "annonces de belote à {contract} : {n}, là où ces règles et cet atout en permettent au plus {most}",
    "deal {n}: more calls or cards than the deal has":
        "donne {n} : plus d'enchères ou de cartes que la donne n'en a",
    "{n_deals} deals: at most {most} in one match": "{n_deals} donnes : au plus {most} dans une partie",
    "deal {n} is over: no one is to move": "la donne {n} est finie : personne n'a la main",
    "it is your turn ({me}), not a bot's": "c'est à vous de jouer ({me}), pas à un robot",
    "no deal finished yet: nothing to write": "aucune donne n'est encore finie : rien à écrire",
    "deal {number}: expected 1 to {most}": "donne {number} : il faut 1 à {most}",
    "deal {n}: {e}": "donne {n} : {e}",
    "deal {n}: the match was over after deal {i}": "donne {n} : la partie était finie après la donne {i}",
    "bot {k!r}: expected one of {items}": "robot {k!r} : il faut l'un de {items}",
    "deal {n} is not finished: only the last deal may be under way":
        "la donne {n} n'est pas finie : seule la dernière donne peut être en cours",
    "{n_bots} players: expected one per seat, 4": "{n_bots} joueurs : il en faut un par place, 4",
    "saved deal {n} is not deal {n} of the match of seed {seed}":
        "la donne enregistrée {n} n'est pas la donne {n} de la partie de graine {seed}",
    "saved deal {n} was not played to the end": "la donne enregistrée {n} n'a pas été jouée jusqu'au bout",
    "{card} is not allowed here": "{card} n'est pas permise ici",
    "the saved match is over after {i} deals": "la partie enregistrée est finie après {i} donnes",
    "saved deal {n} was played under other rules: [Rules \"{saved}\"], not [Rules \"{rules}\"]": "la donne enregistrée {n} a été jouée sous d'autres règles : [Rules \"{saved}\"], pas [Rules \"{rules}\"]",
    "these rules score no belote (belote=false)": "ces règles ne comptent pas la belote (belote=false)",
    "belote claims in {contract}: {n}; {why}": "annonces de belote à {contract} : {n} ; {why}",
    "card points {points!r}: expected a whole number from 0 to {total}":
        "points de cartes {points!r} : il faut un nombre entier de 0 à {total}",
    "capot by {taken_all} with the bidders on {pts} points: a side that takes every trick has all {total} points":
        "capot de {taken_all} avec le preneur à {pts} points : un camp qui fait tous les plis a les {total} points",
    "a générale bid is not allowed by these rules (Rules.generale is False)":
        "ces règles ne permettent pas d'annoncer une générale (Rules.generale vaut False)",
    "bid level {level} in {bid!r}: above {max_level}, the highest bid of these rules (the rule max_level allows up to {highest_level} here: a side counts at most {most_counted}, {total} and the announcements that count)":
        "palier {level} dans {bid!r} : au-dessus de {max_level}, la plus haute enchère de ces règles (la règle max_level permet jusqu'à {highest_level} ici : un camp compte au plus {most_counted}, {total} et les annonces qui comptent)",
    "bid {bid!r} coinched: a capot bid cannot be coinched or surcoinched (seed 000: it ends the auction; the rule capot_coinche allows it)":
        "enchère {bid!r} coinchée : un capot annoncé ne peut être coinché ni surcoinché (seed 000 : il clôt les enchères ; la règle capot_coinche le permet)",
    "bid {bid!r}: these rules have no sans atout or tout atout bids (the rule sa_ta is off)":
        "enchère {bid!r} : ces règles n'ont pas d'enchères à sans atout ni à tout atout (la règle sa_ta est désactivée)",
    "declarations {decl}: these rules score no declarations (declarations=false)":
        "annonces {decl} : ces règles ne comptent pas les annonces (declarations=false)",
    "declarations {decl}: only the side with the best declaration scores (both sides score only with carre_apart=true)":
        "annonces {decl} : seul le camp de la meilleure annonce marque (les deux camps ne marquent qu'avec carre_apart=true)",
    "{contract}: a capot needs every trick, not a number of points":
        "{contract} : un capot demande tous les plis, pas un nombre de points",
    "belote claimed by {side!r}: expected a side (NS, EW) or a seat":
        "belote annoncée par {side!r} : il faut un camp (NS, EW) ou une place",
    "there is no trump in sans atout": "il n'y a pas d'atout à sans atout",
    "générale without capot: give the side that took every trick (capot)":
        "générale sans capot : donnez le camp qui a fait tous les plis (capot)",
    "declarations {declarations!r}: expected (ns_points, ew_points), two whole numbers 0 or more":
        "annonces {declarations!r} : il faut (ns_points, ew_points), deux nombres entiers, 0 ou plus",
    "declarations {decl}: {v} is no total of declarations (sums of 20, 50, 100, 150 and 200, at most {most})":
        "annonces {decl} : {v} n'est pas un total d'annonces (sommes de 20, 50, 100, 150 et 200, au plus {most})",
    "there is no belote in tout atout unless the rule belote_in_ta is on":
        "il n'y a pas de belote à tout atout sauf avec la règle belote_in_ta",
    "a deal holds at most {most} in {strain}": "une donne en compte au plus {most} à {strain}",
    "line {n}: a comment opened with '{{' is never closed":
        "ligne {n} : un commentaire ouvert par '{{' n'est jamais fermé",
    "{text}: expected a whole number from {lo} to {hi}": "{text} : il faut un nombre entier de {lo} à {hi}",
    "score {text}: expected NS <points> EW <points>, like NS 220 EW 40":
        "score {text} : il faut NS <points> EW <points>, comme NS 220 EW 40",
    "not record text: {text}": "pas un texte de fiche : {text}",
    "not a record file or text: {source}": "ni un fichier ni un texte de fiches : {source}",
    "not a record: {obj}: expected a JSON object": "pas une fiche : {obj} : il faut un objet JSON",
    "not one record: {obj}": "pas une seule fiche : {obj}",
    "declarations {p}: expected SIDE:KIND,KIND, like NS:tierce,carre-J":
        "annonces {p} : il faut CAMP:SORTE,SORTE, comme NS:tierce,carre-J",
    "not a record: {r}": "pas une fiche : {r}",
    'line {n}: malformed tag pair {line}: expected [Name "value"]':
        'ligne {n} : paire d\'étiquette mal formée {line} : il faut [Nom "valeur"]',
    'line {n}: {line} before any tag pair: expected [Name "value"]':
        'ligne {n} : {line} avant toute paire d\'étiquette : il faut [Nom "valeur"]',
    "record key {where}: {v} is not text on one line": "clé de fiche {where} : {v} n'est pas du texte sur une ligne",
    "record key {key!r}: {v} is not a {kind}": "clé de fiche {key!r} : {v} n'est pas de type {kind}",
    'record key \'auction\': {auction}: expected [{{"seat": ..., "call": ...}}, ...]':
        'clé de fiche \'auction\' : {auction} : il faut [{{"seat": ..., "call": ...}}, ...]',
    "record section {sec}: expected an object with name, value and lines":
        "section de fiche {sec} : il faut un objet avec name, value et lines",
    "line {n}: tag [{name}] given twice in one game (first on line {line}); games are separated by a blank line":
        "ligne {n} : étiquette [{name}] donnée deux fois dans une même partie (d'abord ligne {line}) ; les parties sont séparées par une ligne vide",
    "record key {where}: {v} is not a number or text on one line":
        "clé de fiche {where} : {v} n'est ni un nombre ni du texte sur une ligne",
    'record key \'contract\': {c}: expected an object or "pass"':
        'clé de fiche \'contract\' : {c} : il faut un objet ou "pass"',
    # the validator's rarer refusals (solver/web/api.py)
    "expected a number": "il faut un nombre",
    "expected a finite number": "il faut un nombre fini",
    "expected a number above {gt}": "il faut un nombre supérieur à {gt}",
    "expected a number below {lt}": "il faut un nombre inférieur à {lt}",
    "expected Unicode text": "il faut du texte Unicode",
    "fewer than {min_length} items": "moins de {min_length} éléments",
    "unknown field": "champ inconnu",
    "not JSON (unreadable at character {at})": "pas du JSON (illisible au caractère {at})",
    "{detail}": "valeur refusée : {detail}",
    # the validator's lists
    " or ": " ou ",
    # scoring
    "{n} card points": "{n} points de cartes",
    " + {n} belote": " + {n} de belote",
    "{n} belote": "{n} de belote",
    " + {n} declarations": " + {n} d'annonces",
    "a litige (tie)": "litige (égalité)",
    "made": "réussi",
    "failed": "chuté",
    "every trick": "tous les plis",
    "{side} counted {counted} ({what}), needed {need}: {verdict}":
        "{side} comptent {counted} ({what}), il fallait {need} : {verdict}",
    ", rounded to {n}": ", arrondi à {n}",
    "held for the winner of the next deal: {n}": "en réserve pour le gagnant de la donne suivante : {n}",
    "capot": "capot",
    "points": "points",
    "all points": "tous les points",
    "failed contract": "contrat chuté",
    "bid": "enchère",
    "bid capot": "capot annoncé",
    "declarations": "annonces",
    "failed capot": "capot chuté",
    "a litige": "litige",
    ", coinched": ", contré",
    ", surcoinched": ", surcontré",
    "{contract} by {side}{doubled}: {outcome}": "{contract} par {side}{doubled} : {outcome}",
    "bidders": "preneurs",
    "defenders": "défense",
    "side": "camp",
    "role": "rôle",
    "score": "score",
    "declarations announced: {said}; awarded N-S {ns}, E-W {ew}":
        "annonces faites : {said} ; accordées N-S {ns}, E-O {ew}",
    # review
    "Review from each seat: {contract}, {seat} leads; {n} deals per card (seed {seed}); losses in score, ours "
    "minus theirs":
        "Revue depuis chaque place : {contract}, entame {seat} ; {n} donnes par carte (graine {seed}) ; pertes "
        "en score, le nôtre moins le leur",
    "trick": "pli",
    "from the seat": "depuis la place",
    "on the deal": "sur la donne",
    "verdict": "verdict",
    "{side}: {mistakes} mistakes by both measures, {bad} bad luck, {lucky} lucky.":
        "{side} : {mistakes} erreurs des deux façons, {bad} malchances, {lucky} chances.",
    "Nothing to review: --played {played} gives no card.": "Rien à revoir : --played {played} ne donne aucune carte.",
    "N-S before": "N-S avant",
    "N-S after": "N-S après",
    "Review: {strain}, {seat} leads; N-S double dummy {before} -> {after}":
        "Revue : {strain}, entame {seat} ; N-S en double mort {before} -> {after}",
    "N-S gave away {ns}, E-W gave away {ew}; tricks so far: N-S {ns_points}, E-W {ew_points} points.":
        "N-S ont perdu {ns}, E-O ont perdu {ew} ; plis jusqu'ici : N-S {ns_points}, E-O {ew_points} points.",
    "reviewing": "revue",
    "good by both": "bonne des deux façons",
    "a mistake by both": "erreur des deux façons",
    "right, but not on this deal": "juste, mais pas sur cette donne",
    "wrong, but it worked on this deal": "fautive, mais elle a marché ici",
    "no choice": "pas le choix",
    "solving": "résolution",
    "playing out": "jeu réaliste",
    "playing": "jeu",
    "calls": "annonces",
    "deals": "donnes",
    # match, bidreview, study
    "Match to {target}": "Partie en {target}",
    "contract": "contrat",
    "N-S": "N-S",
    "E-W": "E-O",
    "N-S total": "total N-S",
    "E-W total": "total E-O",
    "The auction, call by call ({n} deals each, the {system} system)":
        "Les enchères, annonce par annonce ({n} donnes chacune, système {system})",
    "advice": "conseil",
    "cost ± se": "coût ± e.t.",
    "* no deal fitted the calls before it under the system from that seat (the players did not follow it): its "
    "deals ignore what the calls showed.":
        "* aucune donne ne correspondait aux annonces précédentes selon le système, vu de cette place (les "
        "joueurs ne l'ont pas suivi) : ses donnes ignorent ce que les annonces montraient.",
    "Passed out: nobody scores.": "Tout le monde passe : personne ne marque.",
    "{contract} on the real deal, double dummy: N-S take {points} points; scores N-S {ns}, E-W {ew}.":
        "{contract} sur la vraie donne, en double mort : N-S prennent {points} points ; scores N-S {ns}, E-O {ew}.",
    "Par: {reason}": "Par : {reason}",
    "{deals:,} deals in {chunks} chunks ({solved} solved now) in {directory}":
        "{deals:,} donnes en {chunks} lots ({solved} résolus maintenant) dans {directory}",
    "{done} of {chunks} chunks are done: the statistics cover {deals:,} deals":
        "{done} lots sur {chunks} sont faits : les statistiques portent sur {deals:,} donnes",
    "features of the seat's hand": "caractéristiques de la main du joueur",
    "features of the side's hands": "caractéristiques des deux mains du camp",
    "{strain}, {seat} leads: the points of {me}'s side, {of}, {deals:,} deals":
        "{strain}, entame {seat} : les points du camp de {me}, {of}, {deals:,} donnes",
    "mean ± se": "moyenne ± e.t.",
    "P(bid): the share of deals on which the side makes the bid (belote counted); every level, with standard "
    "errors, is in aggregates.json and aggregates.csv.":
        "P(enchère) : la part des donnes où le camp réussit l'enchère (belote comprise) ; chaque niveau, avec "
        "ses erreurs types, est dans aggregates.json et aggregates.csv.",
    # lead, deal, play, playout
    "sets (± se)": "fait chuter (± e.t.)",
    "makes (± se)": "réussit (± e.t.)",
    "{hand} at {seat} leading against {contract}, {n} deals, seed {seed}":
        "{hand} en {seat}, à l'entame contre {contract}, {n} donnes, graine {seed}",
    "lead": "entame",
    "vs best (± paired se)": "écart à la meilleure (± e.t. appariée)",
    "your points (± se)": "vos points (± e.t.)",
    "your score (± se)": "votre score (± e.t.)",
    "seed {seed}": "graine {seed}",
    "{seat} holds none of {cards}": "{seat} n'a aucune de {cards}",
    "The play proves: {proofs}.": "Le jeu prouve : {proofs}.",
    "Announced: {told}.": "Annoncé : {told}.",
    "the play and the auction": "le jeu et les enchères",
    "the play": "le jeu",
    "{seat} to play, {contract}: {n} deals (seed {seed}, {p:.0f}% of the dealt deals fit {fit})":
        "{seat} à jouer, {contract} : {n} donnes (graine {seed}, {p:.0f} % des donnes tirées s'accordent avec "
        "{fit})",
    "our points ± se": "nos points ± e.t.",
    "we succeed": "nous réussissons",
    "score ± se": "score ± e.t.",
    "vs best ± paired se": "écart à la meilleure ± e.t. appariée",
    "real deal (N-S)": "vraie donne (N-S)",
    "{contract}, {seat} leads; {n} worlds per decision (seed {seed})":
        "{contract}, entame {seat} ; {n} mondes par décision (graine {seed})",
    "worlds": "mondes",
    "cost (dd)": "coût (double mort)",
    "N-S took {ns_points} points in {tricks} tricks, E-W {ew_points} (double dummy: N-S {dd}). {contract} is "
    "made: N-S score {ns}, E-W {ew}.":
        "N-S ont pris {ns_points} points en {tricks} plis, E-O {ew_points} (double mort : N-S {dd}). {contract} "
        "est réussi : score N-S {ns}, E-O {ew}.",
    "N-S took {ns_points} points in {tricks} tricks, E-W {ew_points} (double dummy: N-S {dd}). {contract} is "
    "down: N-S score {ns}, E-W {ew}.":
        "N-S ont pris {ns_points} points en {tricks} plis, E-O {ew_points} (double mort : N-S {dd}). {contract} "
        "a chuté : score N-S {ns}, E-O {ew}.",
    "The cost column is each card's loss in card points on the deal seen with every card.":
        "La colonne coût donne ce que chaque carte a perdu en points sur la donne vue cartes sur table.",
    # advise
    "The best bid in each strain against the best of all, deal by deal":
        "La meilleure enchère de chaque couleur face à la meilleure de toutes, donne par donne",
    "makes": "réussit",
    "Double dummy against realistic play (PIMC, {worlds} worlds per decision), on the same {n} deals":
        "Double mort face au jeu réaliste (PIMC, {worlds} mondes par décision), sur les mêmes {n} donnes",
    "dd makes": "réussit (dm)",
    "dd score ± se": "score (dm) ± e.t.",
    "realistic makes": "réussit (réaliste)",
    "realistic score ± se": "score (réaliste) ± e.t.",
    "The auction under the {system} system (dealer {seat})": "Les enchères selon le système {system} (donneur {seat})",
    "shows": "montre",
    "{hand} at {seat}: {how}, {n} deals (seed {seed}, {p:.1f}% of the dealt deals fit the auction)":
        "{hand} en {seat} : {how}, {n} donnes (graine {seed}, {p:.1f} % des donnes tirées s'accordent avec les enchères)",
    "each call as if the auction ended after it": "chaque annonce comme si les enchères s'arrêtaient là",
    "each call with the auction continued (look-ahead)": "chaque annonce avec la suite des enchères (anticipation)",
    "opponents overcall {bid}": "les adversaires surenchérissent à {bid}",
    "partner raises to {bid}": "le partenaire monte à {bid}",
    "I raise to {bid}": "je monte à {bid}",
    "partner bids {bid}": "le partenaire annonce {bid}",
    "I bid {bid}": "j'annonce {bid}",
    "opponents coinche": "les adversaires coinchent",
    "our side coinches": "notre camp coinche",
    "opponents surcoinche": "les adversaires surcoinchent",
    "our side surcoinches": "notre camp surcoinche",
    "everyone passes": "tout le monde passe",
    "{what} in {p:.0f}%": "{what} dans {p:.0f} %",
    "{contract} {p:.0f}%": "{contract} {p:.0f} %",
    "Looking ahead, {call} is worth {ev:+.0f}": "En anticipant, {call} vaut {ev:+.0f}",
    "{call} has the highest mean ({ev:+.0f}) but shows {shows}, which this hand does not hold: partner would bid on cards that are not there":
        "{call} a la meilleure moyenne ({ev:+.0f}) mais montre {shows}, que cette main n'a pas : le partenaire enchérirait sur des cartes absentes",
    "{call} has the highest mean ({ev:+.0f}) but beats the point count's own call by only {gain:+.0f} ± {se:.0f} a deal: not enough to leave it":
        "{call} a la meilleure moyenne ({ev:+.0f}) mais ne bat l'enchère du compte de points que de {gain:+.0f} ± {se:.0f} par donne : pas assez pour la quitter",
    "the runner-up {call} {ev:+.0f} ({loss:+.0f} ± {se:.0f} against it)":
        "la suivante, {call}, {ev:+.0f} ({loss:+.0f} ± {se:.0f} par rapport à elle)",
    "{head}: after it {how}; the auction ends in {ends}": "{head} : ensuite {how} ; les enchères finissent en {ends}",
    "Double dummy bids {bid} (makes in {dd:.0f}% of these {n} deals, {dd_ev:+.0f}); played by players who see only their own cards it makes in {p:.0f}% and is worth {ev:+.0f} ± {se:.0f}: only a declarer who sees every card makes it pay, so with realistic play {instead}":
        "En double mort, on annonce {bid} (réussi dans {dd:.0f} % de ces {n} donnes, {dd_ev:+.0f}) ; joué par des joueurs qui ne voient que leurs cartes, il réussit dans {p:.0f} % et vaut {ev:+.0f} ± {se:.0f} : seul un déclarant qui voit toutes les cartes le rentabilise, donc en jeu réaliste : {instead}",
    "{bid} ({ev:+.0f} ± {se:.0f})": "{bid} ({ev:+.0f} ± {se:.0f})",
    "{call} against pass: {diff:+.0f} ± {se:.0f} a deal": "{call} contre passe : {diff:+.0f} ± {se:.0f} par donne",
    "they surcoinche in {p:.0f}%": "ils surcoinchent dans {p:.0f} %",
    "they answer in {p:.0f}%": "ils répondent dans {p:.0f} %",
    "{contract} fails in {p:.0f}% of the deals; {worth}; after it {answer}, the declarers run to another contract in {ran:.0f}%":
        "{contract} chute dans {p:.0f} % des donnes ; {worth} ; ensuite {answer}, les déclarants se sauvent dans un autre contrat dans {ran:.0f} %",
    "passed out": "tout le monde passe",
    "The point count (docs/handeval.md), without sampling: the side's expected points and the highest bid that "
    "makes half the time":
        "Le décompte de points (docs/handeval.md), sans tirage : les points attendus du camp et l'enchère la "
        "plus haute qui réussit une fois sur deux",
    "main terms": "termes principaux",
    "{hand} at {seat}, dealer {dealer} ({leader} leads), {n} deals, seed {seed}":
        "{hand} en {seat}, donneur {dealer} (entame {leader}), {n} donnes, graine {seed}",
    "the side's points: card points, belote and declarations": "les points du camp : cartes, belote et annonces",
    "a call that fell behind the best is judged on the first deals only":
        "un appel distancé par le meilleur n'est jugé que sur les premières donnes",
    "a strain whose every bid fell behind the best is solved on the first deals only":
        "une couleur dont toutes les enchères sont distancées par la meilleure n'est résolue que sur les "
        "premières donnes",
    "median": "médiane",
    "belote": "belote",
    "Each bid: chance it makes, and expected score (ours − theirs) if the opponents coinche whenever it fails":
        "Chaque enchère : chance de réussir, et score attendu (le nôtre − le leur) si l'adversaire contre "
        "chaque fois qu'elle chute",
    "Pass.": "Passe.",
    "Bid {bid}.": "Annoncez {bid}.",
    "With realistic play: pass. {text}": "Avec un jeu réaliste : passe. {text}",
    "With realistic play: bid {bid}. {text}": "Avec un jeu réaliste : annoncez {bid}. {text}",
    "plot written to {path}": "graphique écrit dans {path}",
    "without --auction the advice is for the auction's first call, {first}'s after dealer {dealer}, not {seat}'s: give the calls before yours with --auction": "sans --auction, le conseil porte sur la première annonce des enchères, celle de {first} après le donneur {dealer}, pas celle de {seat} : donnez les annonces avant la vôtre avec --auction",
    "No --dealer given: the advice takes N as the dealer (E leads).": "Pas de --dealer : le conseil prend N comme donneur (E entame).",
    "base": "base",
    "J of trumps": "V d'atout",
    "9 of trumps": "9 d'atout",
    "A of trumps": "A d'atout",
    "10 of trumps": "10 d'atout",
    "K of trumps": "R d'atout",
    "Q of trumps": "D d'atout",
    "each trump": "chaque atout",
    "each side ace": "chaque as à côté",
    "each side ten": "chaque 10 à côté",
    "mean {mean:5.1f}  80: {p80:3.0f}%  capot: {capot:3.0f}%": "moy. {mean:5.1f}  80 : {p80:3.0f} %  capot : {capot:3.0f} %",
    "{bad} bad line(s) skipped, {n} deal(s) solved": "{bad} ligne(s) fautive(s) sautée(s), {n} donne(s) résolue(s)",
    # par
    "{side} could make {bid}": "{side} pourraient faire {bid}",
    "Neither side can make 80 in any strain: all four pass, no contract.":
        "Aucun camp ne peut faire 80 dans aucune couleur : les quatre passent, pas de contrat.",
    "{makers}, but no bid gains: all four pass, no contract.":
        "{makers}, mais aucune enchère ne rapporte : les quatre passent, pas de contrat.",
    ", coinched by {theirs}": ", contré par {theirs}",
    ", coinched by {theirs} and surcoinched": ", contré par {theirs} et surcontré",
    "{mine} bid and make {what}; {theirs} could make {yours} but cannot outbid capot.":
        "{mine} annoncent et réussissent {what} ; {theirs} pourraient faire {yours} mais ne peuvent pas "
        "surenchérir sur un capot.",
    "{mine} bid and make {what}; {theirs} can make nothing.":
        "{mine} annoncent et réussissent {what} ; {theirs} ne peuvent rien faire.",
    "{mine} bid {what} and fail{doubled}: it costs less than letting {theirs} play.":
        "{mine} annoncent {what} et chutent{doubled} : cela coûte moins que de laisser jouer {theirs}.",
    "{mine} make {what}{doubled}; {theirs} cannot make any contract.":
        "{mine} réussissent {what}{doubled} ; {theirs} ne peuvent faire aucun contrat.",
    "{theirs} could make {yours} but {mine} outbid to {what}{doubled}, which {theirs} cannot profitably beat.":
        "{theirs} pourraient faire {yours} mais {mine} montent à {what}{doubled}, que {theirs} ne peuvent "
        "pas battre avec profit.",
    "{theirs} could make {yours} but {mine} bid {what}{doubled}, which {theirs} cannot profitably beat.":
        "{theirs} pourraient faire {yours} mais {mine} annoncent {what}{doubled}, que {theirs} ne peuvent "
        "pas battre avec profit.",
    "{theirs} could make {yours}; {mine} sacrifice in {what}{doubled}, which fails but costs less.":
        "{theirs} pourraient faire {yours} ; {mine} se sacrifient à {what}{doubled}, qui chute mais coûte "
        "moins.",
    "{mine} bid {what} and fail{doubled}.": "{mine} annoncent {what} et chutent{doubled}.",
    # advice
    "Pass: no bid gains on average over {n} deals. The most promising, {bid}, makes in {p} of the deals and "
    "would lose {loss:.0f} on average if the opponents coinche it whenever it fails ({ev:+.0f} if nobody "
    "coinches).":
        "Passe : aucune enchère ne rapporte en moyenne sur {n} donnes. La plus prometteuse, {bid}, réussit "
        "dans {p} des donnes et perdrait {loss:.0f} en moyenne si l'adversaire la contrait chaque fois "
        "qu'elle chute ({ev:+.0f} sans contre).",
    "{bid} makes in {p} of the deals and is worth {evx:+.0f} on average, even if the opponents coinche it "
    "whenever it fails ({ev:+.0f} if nobody coinches)":
        "{bid} réussit dans {p} des donnes et vaut {evx:+.0f} en moyenne, même si l'adversaire la contre "
        "chaque fois qu'elle chute ({ev:+.0f} sans contre)",
    ". If the auction asks for more, it is still worth bidding up to {bid} ({p}, {evx:+.0f})":
        ". Si les enchères montent, il vaut encore la peine d'aller jusqu'à {bid} ({p}, {evx:+.0f})",
    "; {bid} only {p}": " ; {bid} seulement {p}",
    ". The best other strain: {bid}, {p}, {evx:+.0f}": ". La meilleure autre couleur : {bid}, {p}, {evx:+.0f}",
    # lead
    "Lead {card}: it sets {bid} in {p:.0f}% of the deals; the worst lead, {worst}, {pw:.0f}%.":
        "Entamez {card} : {bid} chute dans {p:.0f} % des donnes ; la pire entame, {worst}, {pw:.0f} %.",
    "Lead {card}: it makes {bid} in {p:.0f}% of the deals; the worst lead, {worst}, {pw:.0f}%.":
        "Entamez {card} : {bid} réussit dans {p:.0f} % des donnes ; la pire entame, {worst}, {pw:.0f} %.",
    "Lead {card}: your side takes {points:.0f} points on average{se} and it sets {bid} in {p:.0f}% of the "
    "deals; the worst lead, {worst}, takes {worst_points:.0f} ({pw:.0f}%).":
        "Entamez {card} : votre camp prend {points:.0f} points en moyenne{se} et {bid} chute dans {p:.0f} % "
        "des donnes ; la pire entame, {worst}, prend {worst_points:.0f} ({pw:.0f} %).",
    "Lead {card}: your side takes {points:.0f} points on average{se} and it makes {bid} in {p:.0f}% of the "
    "deals; the worst lead, {worst}, takes {worst_points:.0f} ({pw:.0f}%).":
        "Entamez {card} : votre camp prend {points:.0f} points en moyenne{se} et {bid} réussit dans "
        "{p:.0f} % des donnes ; la pire entame, {worst}, prend {worst_points:.0f} ({pw:.0f} %).",
    # card play
    "; {card} is as good": " ; {card} est aussi bonne",
    "; next, {card} loses {loss:.0f} ± {se:.0f} on average": " ; ensuite, {card} perd {loss:.0f} ± {se:.0f} en moyenne",
    " (on the real deal: {ns} N-S points)": " (sur la vraie donne : {ns} points N-S)",
    "Play {card}: {contract} makes in {p:.0f}% of the deals, {ev:+.0f} on average{real}{more}.":
        "Jouez {card} : {contract} réussit dans {p:.0f} % des donnes, {ev:+.0f} en moyenne{real}{more}.",
    "Play {card}: {contract} fails in {p:.0f}% of the deals, {ev:+.0f} on average{real}{more}.":
        "Jouez {card} : {contract} chute dans {p:.0f} % des donnes, {ev:+.0f} en moyenne{real}{more}.",
    # auctions
    "your {call} showed {meaning}": "votre {call} montrait {meaning}",
    "partner's {call} showed {meaning}": "le {call} du partenaire montrait {meaning}",
    "{seat}'s {call} showed {meaning}": "le {call} de {seat} montrait {meaning}",
    "pass": "passe",
    "passing the deal out scores 0": "passer la donne rapporte 0",
    "{contract} makes in {p:.0f}% of the deals": "{contract} réussit dans {p:.0f} % des donnes",
    "{contract} fails in {p:.0f}% of the deals": "{contract} chute dans {p:.0f} % des donnes",
    "; the next best, {call}, loses {loss:.0f} ± {se:.0f} on average":
        " ; la suivante, {call}, perd {loss:.0f} ± {se:.0f} en moyenne",
    "{head}Call {call}: {tail}, worth {ev:+.0f} on average{more}.":
        "{head}Annoncez {call} : {tail}, {ev:+.0f} en moyenne{more}.",
    "no opening: no suit with its J or 9 and 3 cards": "pas d'ouverture : aucune couleur avec son V ou son 9 et 3 cartes",
    "nothing (no rule of the system fits)": "rien (aucune règle du système ne s'applique)",
    "{names} of {suit}": "{names} à {suit}",
    "the {name} of {suit}": "le {name} à {suit}",
    "the {names} of {suit}": "le {names} à {suit}",
    " or the ": " ou le ",
    "at least {n} {suit}": "au moins {n} {suit}",
    "at least {n} aces": "au moins {n} as",
    "at least {n} jacks": "au moins {n} valets",
    "at least 1 raise value (an ace, the J or 9 of trumps, belote)":
        "au moins 1 valeur de soutien (un as, le V ou le 9 d'atout, la belote)",
    "at least {n} raise values (aces, J or 9 of trumps, belote)":
        "au moins {n} valeurs de soutien (as, V ou 9 d'atout, belote)",
    "nothing": "rien",
    # match
    "; {held} held for the winner of the next deal": " ; {held} en réserve pour le gagnant de la donne suivante",
    "The match goes on: N-S need {ns} more, E-W {ew} (target {target}){held}.":
        "La partie continue : il manque {ns} à N-S, {ew} à E-O (objectif {target}){held}.",
    "after 1 deal": "après 1 donne",
    "after {n} deals": "après {n} donnes",
    " (passed out: {k})": " (donnes passées : {k})",
    "The match is over at {ns} all (target {target}) with no deal won to settle it, {deals}.":
        "La partie s'achève à égalité, {ns} partout (objectif {target}), sans donne gagnée pour départager, "
        "{deals}.",
    ", the tie settled by the last deal won ({side})": ", l'égalité départagée par la dernière donne gagnée ({side})",
    "{side} win the match, {hi} to {lo} (target {target}){how}, {deals}.":
        "{side} gagnent la partie, {hi} à {lo} (objectif {target}){how}, {deals}.",
    # output
    "Trumps {strain}, first lead by {seat}": "Atout {strain}, entame par {seat}",
    "Played: {cards}": "Joué : {cards}",
    "Tricks won: NS {ns} ({ns_points} points), EW {ew} ({ew_points} points)":
        "Plis gagnés : NS {ns} ({ns_points} points), EO {ew} ({ew_points} points)",
    # solve, show, table, par
    "N-S can force capot": "N-S peuvent forcer le capot",
    "E-W can force capot": "E-O peuvent forcer le capot",
    "no side can force capot": "aucun camp ne peut forcer le capot",
    "Value: NS {ns}, EW {ew} (of {total})": "Valeur : NS {ns}, EO {ew} (sur {total})",
    "Tricks: NS can take {ns}, EW {ew}; {capot}": "Plis : NS peuvent en faire {ns}, EO {ew} ; {capot}",
    "The deal is over.": "La donne est terminée.",
    "{seat} to play": "{seat} à jouer",
    "card": "carte",
    "NS": "NS",
    "EW": "EO",
    "cost": "coût",
    "Optimal line: {line}": "Ligne optimale : {line}",
    "line": "ligne",
    "strain": "atout",
    "leader": "entame",
    "played": "jouées",
    "to move": "à jouer",
    "NS tricks": "plis NS",
    "best": "meilleure",
    "1 problem": "1 problème",
    "{n} problems": "{n} problèmes",
    "Hands now:": "Les mains maintenant :",
    "Trick so far: {cards}": "Pli en cours : {cards}",
    "{seat} to play; legal: {cards}": "{seat} à jouer ; cartes permises : {cards}",
    "N-S points": "points N-S",
    "N-S bid": "enchère N-S",
    "E-W points": "points E-O",
    "E-W bid": "enchère E-O",
    "Double dummy, {seat} leads": "Double mort, entame {seat}",
    "Double dummy, every leader": "Double mort, chaque entameur",
    "no contract (all pass)": "pas de contrat (tout le monde passe)",
    "Par: {contract}, N-S {ns}, E-W {ew}": "Par : {contract}, N-S {ns}, E-O {ew}",
    "Auction": "Enchères",
    "seat": "place",
    "call": "annonce",
    # the table: coinche game and coinche selfplay
    ", duplicate": ", en duplicate",
    "Auction (dealer {dealer}): {calls}": "Enchères (donneur {dealer}) : {calls}",
    "Match to {target}, seed {seed}: you sit {seat}, partner {partner}, opponents {opponents}.":
        "Partie en {target}, graine {seed} : vous êtes en {seat}, partenaire {partner}, adversaires {opponents}.",
    "Score: N-S {ns}, E-W {ew}. {status}": "Score : N-S {ns}, E-O {ew}. {status}",
    "Stopped after {n} deals.": "Arrêt après {n} donnes.",
    "Stopped after {n} deals: the best is ahead of every other option at {c} confidence.":
        "Arrêt après {n} donnes : la meilleure option devance toutes les autres avec une confiance de {c}.",
    "Stopped after {n} deals: no other option beats the best by {margin} or more, at {c} confidence.":
        "Arrêt après {n} donnes : aucune autre option ne bat la meilleure de {margin} ou plus, avec une confiance de {c}.",
    "; another option might still beat it by up to {vouch}": " ; une autre option pourrait encore la battre de {vouch} au plus",
    "Stopped by the time budget after {n} deals{vouching}.": "Arrêt au bout du temps imparti, après {n} donnes{vouching}.",
    "Stopped at the most deals allowed, {n}{vouching}.": "Arrêt au nombre maximal de donnes, {n}{vouching}.",
    "Stopped on request after {n} deals{vouching}.": "Arrêt à la demande, après {n} donnes{vouching}.",
    "Stopped after {n} deals: {best} and {close} are too close to call within the margin of {margin}, at {c} confidence: either is fine.":
        "Arrêt après {n} donnes : {best} et {close} sont trop proches pour être départagées à {margin} près, avec une "
        "confiance de {c} : l'une vaut l'autre.",
    "PIMC decisions: {settled} settled early, {time} stopped by the time budget, {most} at the most worlds.":
        "Décisions PIMC : {settled} tranchées tôt, {time} arrêtées au bout du temps imparti, {most} au nombre "
        "maximal de mondes.",
    "The match so far is in {path}.": "La partie jusqu'ici est dans {path}.",
    "Your call ({options}): ": "Votre annonce ({options}) : ",
    "Your card ({options}): ": "Votre carte ({options}) : ",
    "Your hand ({seat}): {hand}": "Votre main ({seat}) : {hand}",
    "bids from {bid}": "enchères dès {bid}",
    "down": "chuté",
    "{card} cannot be played now: play one of {legal}": "{card} ne peut pas être jouée : jouez une de {legal}",
    "{contract}: the declarers took {points} points; {verdict}. N-S {ns}, E-W {ew}.":
        "{contract} : les preneurs ont fait {points} points ; {verdict}. N-S {ns}, E-O {ew}.",
    "{contract}; trick {n}: {trick}": "{contract} ; pli {n} : {trick}",
    "{deals} deals (seed {seed}{dup}): {ns} (N-S) minus {ew} (E-W), {m:+.1f} ± {ci:.1f} in score a deal, {pm:+.1f} ± {pci:.1f} in card points (95% intervals).":
        "{deals} donnes (graine {seed}{dup}) : {ns} (N-S) moins {ew} (E-O), {m:+.1f} ± {ci:.1f} de score par donne, {pm:+.1f} ± {pci:.1f} en points de cartes (intervalles à 95 %).",
    "{seat} calls {call}": "{seat} annonce {call}",
    "{seat} plays {card}": "{seat} joue {card}",
    # bad input: deals, hands, cards, seats, strains, rules
    "a deal needs 4 hands, got {n}": "une donne a 4 mains, pas {n}",
    "card {card} is in two hands: {first} and {second}": "la carte {card} est dans deux mains : {first} et {second}",
    "hands hold unequal numbers of cards ({detail}): every hand must hold as many":
        "les mains n'ont pas le même nombre de cartes ({detail}) : chaque main doit en avoir autant",
    "hands hold {n} cards: at most 8": "les mains ont {n} cartes : 8 au plus",
    "hands are empty: a deal needs at least one card per hand": "les mains sont vides : une donne a au moins une carte par main",
    "malformed deal {text}: expected the first seat (N E S W) before ':'":
        "donne mal formée {text} : il faut la première place (N E S W) avant ':'",
    "malformed deal {text}: expected 4 hands separated by spaces, got {n}":
        "donne mal formée {text} : il faut 4 mains séparées par des espaces, pas {n}",
    "{error} (in deal {text})": "{error} (dans la donne {text})",
    "malformed card {text}: expected a suit and a rank, like SA, HT, H10, 10♥":
        "carte mal formée {text} : il faut une couleur et un rang, comme SA, HT, H10, 10♥",
    "unknown suit in card {text}: expected one of {letters} or ♠ ♥ ♦ ♣":
        "couleur inconnue dans la carte {text} : il faut une de {letters} ou ♠ ♥ ♦ ♣",
    "unknown rank in card {text}: expected one of {ranks}": "rang inconnu dans la carte {text} : il faut un de {ranks}",
    "unknown seat {text}: expected one of N E S W": "place inconnue {text} : il faut une de N E S W (ou O pour Ouest)",
    "malformed hand {text}: expected four suits spades.hearts.diamonds.clubs separated by dots, like 'AK.K8.-.A8'":
        "main mal formée {text} : il faut quatre couleurs pique.cœur.carreau.trèfle séparées par des points, comme 'AK.K8.-.A8'",
    "unknown rank {rank} in hand {text}: expected ranks from AKQJT987":
        "rang inconnu {rank} dans la main {text} : les rangs sont AKQJT987 (ou R D V)",
    "card {card} appears twice in hand {text}": "la carte {card} est deux fois dans la main {text}",
    "unknown strain {text}: expected one of {letters} SA TA (or NT, AT)":
        "atout inconnu {text} : il faut un de {letters} SA TA (ou NT, AT)",
    "rules option {option}: expected NAME=VALUE, like suit_ranking=true":
        "variante {option} : il faut NOM=VALEUR, comme suit_ranking=true",
    "unknown rules option {name}: expected one of {known}": "variante inconnue {name} : il faut une de {known}",
    "rules option {name} must be true or false, not {value}": "la variante {name} vaut true ou false, pas {value}",
    # the board's server
    "no such path {path}": "pas de chemin {path}",
    "{method} is not allowed on {path}": "{method} n'est pas permis sur {path}",
    "the body is no JSON the API reads (UTF-8 text, nested at most a few levels)":
        "le corps n'est pas du JSON que l'API lit (texte UTF-8, imbriqué sur quelques niveaux au plus)",
    "the body is no JSON the API reads (UTF-8 text, nested at most {depth} levels)":
        "le corps n'est pas du JSON que l'API lit (texte UTF-8, imbriqué sur {depth} niveaux au plus)",
    "request body larger than {limit} bytes": "corps de requête de plus de {limit} octets",
    "no job {job}": "pas de calcul {job}",
    "the client went away": "le client est parti",
    "the job failed": "le calcul a échoué",
    "the server is stopping": "le serveur s'arrête",
    "the job was cancelled": "le calcul a été annulé",
    "{n} jobs are under way: try again when one is done": "{n} calculs sont en cours : réessayez quand l'un est fini",
    "the deal is over: no card is left to play": "la donne est finie : il ne reste aucune carte à jouer",
    "samples {samples}: expected a whole number from 1 to {limit}": "donnes tirées {samples} : il faut un nombre entier de 1 à {limit}",
    "{what} {text}...: longer than {limit} characters": "{what} {text}... : plus de {limit} caractères",
    "host {host} is not served here: start the server with --allow-host {name} to serve that name":
        "l'hôte {host} n'est pas servi ici : lancez le serveur avec --allow-host {name} pour servir ce nom",
    "a page of another site cannot use the board": "une page d'un autre site ne peut pas utiliser le tableau",
    "this board needs its token: open the link that coinche serve printed (it ends in #token=...)":
        "ce tableau demande son jeton : ouvrez le lien que coinche serve a affiché (il finit par #token=...)",
    # calls and bids
    "call {text}: {why}": "annonce {text} : {why}",
    "call {n} {text}: {why}": "annonce {n} {text} : {why}",
    "expected pass, coinche, surcoinche or a bid like 80H": "il faut passe, coinche, surcoinche ou une enchère comme 80H",
    "unknown seat {seat}": "place inconnue {seat}",
    "it is {seat}'s turn, not {said}'s": "c'est à {seat} de parler, pas à {said}",
    "a call after the end of the auction": "une annonce après la fin des enchères",
    "a bid after a coinche: {bid} is coinched": "une enchère après une coinche : {bid} est coinché",
    "bid {bid} is not allowed by these rules": "l'enchère {bid} n'est pas permise par ces règles",
    "bid {bid} does not overcall {standing}": "l'enchère {bid} ne dépasse pas {standing}",
    "a coinche needs a standing bid of the opponents, not yet coinched":
        "une coinche demande une enchère adverse en cours, pas encore coinchée",
    "a surcoinche needs the bidders' contract coinched": "une surcoinche demande le contrat des preneurs coinché",
    "unknown bid level {text}: expected {levels}": "niveau d'enchère inconnu {text} : il faut {levels}",
    "bid level {level}: expected {levels}": "niveau d'enchère {level} : il faut {levels}",
    "bid level {level} in {text}: expected {levels}": "niveau d'enchère {level} dans {text} : il faut {levels}",
    "malformed bid {text}: expected a level and a strain, like 100H, 100 ♥, 80SA, capot S":
        "enchère mal formée {text} : il faut un niveau et un atout, comme 100H, 100 ♥, 80SA, capot S",
    "{low} to {high} by 10, capot or générale": "{low} à {high} de 10 en 10, capot ou générale",
    # a request of the wrong shape
    "request": "requête",
    " (got {value})": " (reçu {value})",
    "{field}: {problem}{shown}": "{field} : {problem}{shown}",
    "missing: the request needs this field": "manquant : la requête demande ce champ",
    "expected text": "il faut du texte",
    "expected a whole number": "il faut un nombre entier",
    "expected true or false": "il faut true ou false",
    "expected a list": "il faut une liste",
    "expected an object of fields": "il faut un objet de champs",
    "text shorter than {min_length} characters": "texte de moins de {min_length} caractères",
    "text longer than {max_length} characters": "texte de plus de {max_length} caractères",
    "more than {max_length} items": "plus de {max_length} éléments",
    "expected a number of at least {ge}": "il faut un nombre d'au moins {ge}",
    "expected a number of at most {le}": "il faut un nombre d'au plus {le}",
    "expected one of {expected}": "il faut un de {expected}",
    # cards that may not be played
    "must follow {suit}": "doit fournir {suit}",
    "must beat {card}": "doit monter sur {card}",
    "must overtrump {card}": "doit surcouper {card}",
    "must play a trump (undertrump {card})": "doit jouer atout (sous-couper {card})",
    "must trump with a {suit}": "doit couper à {suit}",
    "{card}: the deal is over, no card may be played": "{card} : la donne est finie, aucune carte ne peut être jouée",
    "{seat} is not to play ({mover} is)": "ce n'est pas à {seat} de jouer (c'est à {mover})",
    "{card} has already been played": "{card} a déjà été jouée",
    "{card} is not in {mover}'s hand ({owner} holds it)": "{card} n'est pas dans la main de {mover} ({owner} l'a)",
    "{mover} {reason}: {card} is not allowed (legal: {legal})": "{mover} {reason} : {card} n'est pas permise (permises : {legal})",
    # practice
    "Count the trumps: {n} still out against you.": "Comptez les atouts : il en reste {n} contre vous.",
    "Who holds the {card}? {seat}.": "Qui a le {card} ? {seat}.",
    "Your side has {taken} card points and needs {target}.": "Votre camp a {taken} points de cartes et il lui en faut {target}.",
    "The declarers have {taken} card points and need {target}.": "Les preneurs ont {taken} points de cartes et il leur en faut {target}.",
    "Problem {n}: {contract} by {declarer}; you are {seat}.": "Problème {n} : {contract} par {declarer} ; vous êtes {seat}.",
    "Goal: make {points}.": "But : faire {points}.",
    "Goal: defeat it (the declarers need {points}).": "But : faire chuter (il faut {points} aux preneurs).",
    "Trick {n}: {trick}": "Pli {n} : {trick}",
    "Your card ({options}; ? for a hint): ": "Votre carte ({options} ; ? pour un indice) : ",
    "No more hints.": "Plus d'indice.",
    "  {cards} (won by {seat})": "  {cards} (pris par {seat})",
    "Right: {card} (best: {best}).": "Juste : {card} (meilleure : {best}).",
    "Wrong: {card} costs {cost} card points; best: {best}.": "Faux : {card} coûte {cost} points de cartes ; meilleure : {best}.",
    "Costs: {costs}": "Coûts : {costs}",
    "The solution line:": "La ligne de la solution :",
    "Rating: {before} -> {after} (±{rd}).": "Classement : {before} -> {after} (±{rd}).",
    "Problems from seed {seed}; your rating {rating} (±{rd}).": "Problèmes depuis la graine {seed} ; votre classement {rating} (±{rd}).",
    "{n} problems, {right} right; rating {before} -> {after}.": "{n} problèmes, {right} justes ; classement {before} -> {after}.",
    "Bidding problem {n}: dealer {dealer}; the calls so far: {calls}.": "Problème d'enchères {n} : donneur {dealer} ; les annonces jusqu'ici : {calls}.",
    "Your call: ": "Votre annonce : ",
    # problems and practice (solver/problems.py, cli/cmd_problems.py, cli/cmd_practice.py)
    "win as many points as you can": "gagner le plus de points possible",
    "find the best call": "trouver la meilleure annonce",
    "make {contract}": "faire {contract}",
    "defeat {contract}": "faire chuter {contract}",
    "--kind {kind}: expected one of {kinds}": "--kind {kind} : attendu l'un de {kinds}",
    "Seat problem {n}: {contract} by {declarer}; you are {seat}; goal: {goal}.": "Problème à une main {n} : {contract} par {declarer} ; vous êtes {seat} ; but : {goal}.",
    "Played so far: {cards}": "Joué jusqu'ici : {cards}",
    "no seat problem of the set fits the filters": "aucun problème à une main de la série ne convient aux filtres",
    "no problem of the set fits the filters": "aucun problème de la série ne convient aux filtres",
    "difficulty {band}: expected one of {bands}": "difficulté {band} : attendu l'un de {bands}",
    "Wrong: {card} loses {cost} a deal over {n} worlds; best: {best}.": "Faux : {card} perd {cost} par donne sur {n} mondes ; meilleure : {best}.",
    "Mean loss of each card over {n} worlds: {costs}": "Perte moyenne de chaque carte sur {n} mondes : {costs}",
    "Miss, problem {n} ({id}): you played {card}, best {best}.": "Raté, problème {n} ({id}) : vous avez joué {card}, la meilleure {best}.",
    "--strain: bidding problems have no strain; it applies to four-hands problems": "--strain : les problèmes d'enchères n'ont pas de couleur ; l'option vaut pour les problèmes à quatre jeux",
    "no problem of the set has theme {theme}": "aucun problème de la série n'a le thème {theme}",
    "no problem of the set has theme {theme} in {strain}": "aucun problème de la série n'a le thème {theme} à {strain}",
    "four-hands problem": "problème à quatre jeux",
    "seat problem": "problème à une main",
    "bidding problem": "problème d'enchères",
    "{kind}: {seat} to play, contract {contract}; goal: {goal}": "{kind} : {seat} joue, contrat {contract} ; but : {goal}",
    "played: {cards}": "joué : {cards}",
    "solution: {cards}; line: {line}": "solution : {cards} ; ligne : {line}",
    "alternatives": "autres réponses",
    "themes: {themes}; rating {rating} (±{rd})": "thèmes : {themes} ; classement {rating} (±{rd})",
    "{kind}: {seat} to call after {calls}; dealer {dealer}": "{kind} : {seat} annonce après {calls} ; donneur {dealer}",
    "solution: {call}, judged on {n} deals": "solution : {call}, jugée sur {n} donnes",
    "standard error": "erreur type",
    "nothing to mine: give --count, --seat or --bidding": "rien à extraire : donnez --count, --seat ou --bidding",
    "{path} is a directory: expected a file": "{path} est un dossier : un fichier est attendu",
    "mining": "extraction",
    "{n} problems from {deals} deals written to {path}": "{n} problèmes tirés de {deals} donnes écrits dans {path}",
    "themes": "thèmes",
    "ratings": "classements",
    "no problem {id}": "aucun problème {id}",
    "card points": "points de cartes",
    "checking": "vérification",
    "{n} problems, {wrong} wrong": "{n} problèmes, {wrong} faux",
    "problems": "problèmes",
    "theme": "thème",
    "rating": "classement",
    # studies: predicates, distributions, contracts compared
    ", those where {where}": ", celles où {where}",
    "q10 q50 q90: the side's card points that 90%, 50% and 10% of the deals reach or pass (every value's count is in aggregates.json).": "q10 q50 q90 : les points de cartes du camp qu'atteignent ou dépassent 90 %, 50 % et 10 % des donnes (le compte de chaque valeur est dans aggregates.json).",
    "{deals:,} deals, {leader} leads: the score of {me}'s side minus the other side's": "{deals:,} donnes, {leader} entame : la marque du camp de {me} moins celle de l'autre camp",
    "succeeds": "réussit",
    "score {levels}": "marque {levels}",
    "--of {value}: expected seat or side": "--of {value} : attendu seat (la main du joueur) ou side (son camp)",
    "chunk {i} failed {n} times: {message}": "le lot {i} a échoué {n} fois : {message}",
    "contracts {contracts}: the same contract twice": "contrats {contracts} : deux fois le même contrat",
    "feature {name}: {who} is not whose hands (expected N, E, S, W, {whos})": "caractéristique {name} : {who} ne désigne pas de mains (attendu N, E, S, W, {whos})",
    "leader {seat}: the study solved {leaders}": "entame {seat} : l'étude a résolu {leaders}",
    "predicate {text}: cannot read it ({reason})": "condition {text} : illisible ({reason})",
    "predicate {text}: compares a text with a number (texts are in quotes: split == '3-2')": "condition {text} : compare un texte et un nombre (les textes sont entre guillemets : split == '3-2')",
    "predicate {text}: {what} is not allowed (features, numbers, 'texts', + - *, comparisons, in [...], and, or, not)": "condition {text} : {what} n'est pas permis (caractéristiques, nombres, 'textes', + - *, comparaisons, in [...], and, or, not)",
    "the study solved the leaders {leaders}: name the first leader": "l'étude a résolu les entames de {leaders} : nommez celui qui entame",
    "unknown feature {name}: expected one of {known}, or a hand feature after N. E. S. W. or {whos}.": "caractéristique inconnue {name} : attendu {known}, ou une caractéristique de main après N. E. S. W. ou {whos}.",
    "{contract}: the study solved {strains}, not {strain}": "{contract} : l'étude a résolu {strains}, pas {strain}",
    "{name} {here} here, {asked} asked": "{name} {here} ici, {asked} demandé",
    "{path} exists and is not a study directory": "{path} existe et n'est pas le dossier d'une étude",
    "{path} holds a study of another layout (format {old}, this version reads format {new}): run it again in another directory, or with --force to start it anew": "{path} contient une étude d'une autre disposition (format {old}, cette version lit le format {new}) : relancez-la dans un autre dossier, ou avec --force pour la recommencer",
    "{path} holds another study ({diff}): use another directory, or --force to start it anew": "{path} contient une autre étude ({diff}) : prenez un autre dossier, ou --force pour la recommencer",
    "{path} is a symbolic link: a study keeps its {name} in a folder of its own (remove the link, or use another directory)": "{path} est un lien symbolique : une étude garde ses {name} dans un dossier à elle (supprimez le lien, ou prenez un autre dossier)",
    "{path} is not a folder: a study keeps its {name} there": "{path} n'est pas un dossier : une étude y garde ses {name}",
    "{path} is not a study directory (no study.json)": "{path} n'est pas le dossier d'une étude (pas de study.json)",
    "{reason}: {done} of {chunks} chunks are done and kept; run the study again to resume it": "{reason} : {done} lots sur {chunks} sont faits et gardés ; relancez l'étude pour la reprendre",
    "{reason}: {done} of {chunks} chunks are done and kept; to resume, run again: {command}": "{reason} : {done} lots sur {chunks} sont faits et gardés ; pour reprendre, relancez : {command}",
    "a study records its accept test: give it as an expression, like 'trump_J and trump_9' (a Python function can select the deals of a study afterwards, with where=)": "une étude enregistre son test d'acceptation : donnez-le en expression, comme 'trump_J and trump_9' (une fonction Python peut choisir ensuite les donnes d'une étude, avec where=)",
    "deal {i}: none of {tries:,} deals passed the accept test {test}": "donne {i} : aucune des {tries:,} donnes n'a passé le test d'acceptation {test}",
    # the package's refusals: cards, deals, contracts, rules, auction, play
    "unknown rank {text}: expected one of A K Q J T (or 10) 9 8 7": "rang inconnu {text} : il faut l'un de A K Q J T (ou 10) 9 8 7",
    "card number {text} out of range 0..31": "numéro de carte {text} hors de 0..31",
    "not a card: {text}": "pas une carte : {text}",
    "card {text} reads {names}: write the suit first, like SA": "la carte {text} se lit {names} : écrivez d'abord la couleur, comme SA",
    "not a hand: {text}": "pas une main : {text}",
    "card mask {cards!r} out of range 0..0xFFFFFFFF": "masque de cartes {cards!r} hors de 0..0xFFFFFFFF",
    "not a set of cards: {cards}: expected cards, card text or a mask": "pas un ensemble de cartes : {cards} : il faut des cartes, un texte de cartes ou un masque",
    "not a list of hands: {hands}: Deal.from_pbn reads deal text": "pas une liste de mains : {hands} : Deal.from_pbn lit le texte d'une donne",
    "not a list of hands: {hands}: expected 4 hands": "pas une liste de mains : {hands} : il faut 4 mains",
    "not a deal: {text}: expected a Deal or deal text": "pas une donne : {text} : il faut un objet Deal ou le texte d'une donne",
    "seed {seed}: expected a whole number": "graine {seed} : il faut un nombre entier",
    "rng {rng}: expected a random.Random": "générateur {rng} : il faut un random.Random",
    "leader {leader!r} contradicts dealer {dealer!r}: the first lead is by the seat after the dealer ({after})": "l'entame {leader!r} contredit le donneur {dealer!r} : la première entame revient au joueur après le donneur ({after})",
    "bid level {level}: a capot bid needs every trick, not a number of points": "niveau d'enchère {level} : une enchère de capot demande tous les plis, pas un nombre de points",
    "coinche state {value!r}: expected 0 (none), 1 (coinche) or 2 (surcoinche)": "état de coinche {value!r} : il faut 0 (aucune), 1 (coinche) ou 2 (surcoinche)",
    "unknown coinche state {value!r}: expected none, coinche (X) or surcoinche (XX)": "état de coinche inconnu {value!r} : il faut none (aucune), coinche (X) ou surcoinche (XX)",
    "not a bid: {text!r}": "pas une enchère : {text!r}",
    "bid {text!r} names declarer {seat}, not {declarer}": "l'enchère {text!r} nomme le preneur {seat}, pas {declarer}",
    "bid {text!r} is {state}, not {given}": "l'enchère {text!r} est {state}, pas {given}",
    "coinche": "coinche",
    "surcoinche": "surcoinche",
    "coinched": "coinchée",
    "surcoinched": "surcoinchée",
    "bid {bid!r} {state}: a {word} bid cannot be coinched or surcoinched (it ends the auction; the rule capot_coinche=true allows it)": "enchère {bid!r} {state} : une enchère de {word} ne peut être ni coinchée ni surcoinchée (elle clôt les enchères ; la règle capot_coinche=true le permet)",
    "{what} {value}: expected {expected}": "{what} {value} : il faut {expected}",
    "unknown tout atout table": "barème de tout atout inconnu",
    "'j14', 'j13' or 'scaled'": "'j14', 'j13' ou 'scaled'",
    "unknown sans atout table": "barème de sans atout inconnu",
    "'a19' or 'scaled'": "'a19' ou 'scaled'",
    "'80' (82 for 80), 'none' or 'all'": "'80' (82 pour 80), 'none' (aucun) ou 'all' (tous)",
    "rules option {name} must be True or False, not {value}": "l'option de règles {name} doit valoir True ou False, pas {value}",
    "rules option {name} must be a whole number, not {value}": "l'option de règles {name} doit être un nombre entier, pas {value}",
    "surcoinche multiplier {surcoinche!r}: expected 4 or 3": "multiplicateur de surcoinche {surcoinche!r} : il faut 4 ou 3",
    "failed capot score {failed_capot!r}: expected 500 or 410": "marque du capot chuté {failed_capot!r} : il faut 500 ou 410",
    "rules options {a} and {b} contradict each other: {why}; choose one": "les options de règles {a} et {b} se contredisent : {why} ; choisissez-en une",
    "both say what a coinche multiplies (seed 000: the whole score; seed 002: the bid, the winners taking 162 or their tricks)": "toutes deux disent ce que multiplie une coinche (graine 000 : toute la marque ; graine 002 : l'enchère, les gagnants prenant 162 ou leurs plis)",
    "a coinche taking 162 or the tricks won scores card points, which bid_only never scores": "une coinche qui prend 162 ou les plis gagnés marque des points de cartes, que bid_only ne marque jamais",
    "a litige holds the bidders' card points (seed 001), which bid_only never scores": "un litige met en réserve les points de cartes des preneurs (graine 001), que bid_only ne marque jamais",
    "capot_any_side scores an unbid capot of the defenders, capot_only_if_bid scores no unbid capot": "capot_any_side marque un capot non annoncé de la défense, capot_only_if_bid ne marque aucun capot non annoncé",
    "unbid_generale scores an unbid générale, capot_only_if_bid scores no unbid capot": "unbid_generale marque une générale non annoncée, capot_only_if_bid ne marque aucun capot non annoncé",
    "max_level {lv!r}: expected 160 to {top} by 10 (capot, 250, stays above every numbered bid)": "max_level {lv!r} : il faut 160 à {top} de 10 en 10 (le capot, 250, reste au-dessus de toute enchère chiffrée)",
    "match target {target!r}: expected a whole number of points, 1 or more": "but de la partie {target!r} : il faut un nombre entier de points, 1 ou plus",
    "Rules takes at most {n} options, got {given}: {args}": "Rules prend au plus {n} options, reçu {given} : {args}",
    "unknown rules option {key}: expected one of {names}": "option de règles inconnue {key} : il faut l'une de {names}",
    "rules option {key} given twice": "option de règles {key} donnée deux fois",
    "max_level {lv}: a bid of {lv} needs {need} points, but a side can count at most {most} under these rules (162 in cards, belote{declarations}); announcements that count (declarations=true, declarations_count=true) allow more": "max_level {lv} : une enchère de {lv} demande {need} points, mais un camp compte au plus {most} avec ces règles (162 en cartes, belote{declarations}) ; des annonces qui comptent (declarations=true, declarations_count=true) permettent davantage",
    ", declarations": ", annonces",
    "rules options {options}: expected NAME=VALUE texts": "options de règles {options} : il faut des textes NOM=VALEUR",
    "rules option {opt}: expected NAME=VALUE text": "option de règles {opt} : il faut un texte NOM=VALEUR",
    "{kind} is no bid": "{kind} n'est pas une enchère",
    "dealer: {error}": "donneur : {error}",
    "call {n} ({call}): it is {seat}'s turn, not {caller}'s": "annonce {n} ({call}) : c'est à {seat} de parler, pas à {caller}",
    "not cards: {played}: expected text like 'SA S7' or a list of cards": "pas des cartes : {played} : il faut un texte comme 'SA S7' ou une liste de cartes",
    "not rules: {rules}: expected a solver.Rules": "pas des règles : {rules} : il faut un solver.Rules",
    "nothing to undo: no card has been played": "rien à annuler : aucune carte n'a été jouée",
    # the package's refusals: what the auction and the play showed, the solver, studies, matches
    "hand {mine!r} and the cards {seat} played ({n}) add up to {whole}: a hand holds 8 cards": "la main {mine!r} et les cartes jouées par {seat} ({n}) font {whole} : une main compte 8 cartes",
    "{card} was played by {player}, but it is in {seat}'s hand": "{card} a été jouée par {player}, mais elle est dans la main de {seat}",
    "{seat} announced {both}, but its play shows it cannot hold them": "{seat} a annoncé {both}, mais son jeu montre qu'il ne peut pas les tenir",
    "belote {item!r}: {seat} has not played the king or queen of {suit} yet (belote is announced with the first of them)": "belote {item!r} : {seat} n'a pas encore joué le roi ni la dame de {suit} (la belote s'annonce avec le premier des deux)",
    "{seat}'s own announcements add nothing to what {seat} knows": "les propres annonces de {seat} n'ajoutent rien à ce que {seat} sait",
    "{player} announced {cards}, which {seat} holds": "{player} a annoncé {cards}, que {seat} tient",
    "belote {item!r}: belote is in trumps, {trump}": "belote {item!r} : la belote est à l'atout, {trump}",
    "belote {item!r}: there is no belote at sans atout": "belote {item!r} : il n'y a pas de belote à sans atout",
    "belote {item!r}: at tout atout, name the suit, like 'E:H'": "belote {item!r} : à tout atout, nommez la couleur, comme 'E:H'",
    "{seat}'s {card} was not legal with {seat}'s hand": "le {card} de {seat} n'était pas permis avec la main de {seat}",
    "a Solver serves one thread at a time: give each thread its own (solver.solve.default_solver() does)": "un Solver sert un fil à la fois : donnez à chaque fil le sien (solver.solve.default_solver() le fait)",
    "this Solver is busy answering another thread: {advice}": "ce Solver est occupé à répondre à un autre fil : {advice}",
    "not a Solver: {source}": "pas un Solver : {source}",
    "this Solver searches with another Solver's table: it has none to copy into": "ce Solver cherche avec la table d'un autre Solver : il n'en a pas où copier",
    "the tables differ in size (tt_bits {theirs} and {mine}): a table is copied into one of its size": "les tables diffèrent de taille (tt_bits {theirs} et {mine}) : une table se copie dans une table de sa taille",
    "this Solver's position was set up by another thread: {advice}": "la position de ce Solver a été posée par un autre fil : {advice}",
    "tt_bits {tt_bits}: expected a whole number from 8 to 26": "tt_bits {tt_bits} : il faut un nombre entier de 8 à 26",
    "not hands and a trick: {hands}, {trick}: expected 4 masks or card sets, and cards": "pas des mains et un pli : {hands}, {trick} : il faut 4 masques ou ensembles de cartes, et des cartes",
    "not a position: {error}": "pas une position : {error}",
    "target {target}: expected the card points to take, a whole number": "objectif {target} : il faut les points de cartes à prendre, un nombre entier",
    "{card} is not a legal card here (legal: {legal})": "{card} n'est pas permise ici (permises : {legal})",
    "no strain given: expected one of S H D C SA TA (or a Position)": "aucune couleur donnée : il faut l'une de S H D C SA TA (ou une Position)",
    "strain {strain} contradicts the position's ({position})": "la couleur {strain} contredit celle de la position ({position})",
    "first leader {lead} contradicts the position's ({position})": "l'entame {lead} contredit celle de la position ({position})",
    "rules {rules} contradict the position's": "les règles {rules} contredisent celles de la position",
    "card {n} of the play: {error}": "carte {n} du jeu : {error}",
    "{what} {value}: expected a whole number from {low} to {high}": "{what} {value} : il faut un nombre entier de {low} à {high}",
    "shows {data}: expected a table of conditions": "shows {data} : il faut une table de conditions",
    "shows: unknown condition {unknown}; expected some of {fields}": "shows : condition inconnue {unknown} ; il faut certaines de {fields}",
    'honours {honours}: expected a list like ["J", "9"]': 'honneurs {honours} : il faut une liste comme ["J", "9"]',
    "honour {bad}: expected J 9 A 10 K Q": "honneur {bad} : il faut J 9 A 10 K Q",
    "{item}: expected a table with situation, strains, levels and shows": "{item} : il faut une table avec situation, strains, levels et shows",
    "situation {situation}: expected one of {known}": "situation {situation} : il faut l'une de {known}",
    "levels {levels}: expected [lowest, highest], like [80, 160]": "niveaux {levels} : il faut [plus bas, plus haut], comme [80, 160]",
    "strains {strains}: expected one of {known}": "couleurs {strains} : il faut l'une de {known}",
    "{where}: rules {items}: expected a list of rules ([[rules]] in TOML)": "{where} : règles {items} : il faut une liste de règles ([[rules]] en TOML)",
    "{where}, rule {key}: {error}": "{where}, règle {key} : {error}",
    "{path}: over {mib} MiB: not a bidding system": "{path} : plus de {mib} Mio : pas un système d'enchères",
    "{path}: not UTF-8 text (byte {start}: {reason})": "{path} : pas du texte UTF-8 (octet {start} : {reason})",
    "{path}: nested too deeply to be a bidding system": "{path} : trop profondément imbriqué pour être un système d'enchères",
    "{path}: not {kind}: {error}": "{path} : pas du {kind} : {error}",
    "{path}: expected a table with name and rules, not {kind}": "{path} : il faut une table avec name et rules, pas {kind}",
    "no bidding system in {path}: the file is empty (expected a name and rules)": "aucun système d'enchères dans {path} : le fichier est vide (il faut name et rules)",
    "{path}: name {name}: expected text": "{path} : nom {name} : il faut du texte",
    "studies write Parquet files, which needs pyarrow: pip install 'coinche-solver[study]'": "les études écrivent des fichiers Parquet, ce qui demande pyarrow : pip install 'coinche-solver[study]'",
    "strains: expected at least one of S H D C SA TA": "couleurs : il en faut au moins une de S H D C SA TA",
    "{what}: {error}": "{what} : {error}",
    "{what}: expected at least one of N E S W": "{what} : il en faut au moins un de N E S W",
    "{name} {value!r}: expected a whole number from 1 to {top:,}": "{name} {value!r} : il faut un nombre entier de 1 à {top:,}",
    "seed {seed!r}: expected a whole number, 0 or more": "graine {seed!r} : il faut un nombre entier, 0 ou plus",
    "a study records its constraints: an accept function cannot be recorded": "une étude enregistre ses contraintes : une fonction d'acceptation ne peut pas être enregistrée",
    "cannot remove {path}: {error}": "impossible de supprimer {path} : {error}",
    "{info} is not a study description: {error}": "{info} n'est pas la description d'une étude : {error}",
    "{info} is not a study description: expected a JSON object": "{info} n'est pas la description d'une étude : il faut un objet JSON",
    "hands {hands}: expected pbn or mask": "mains {hands} : il faut pbn ou mask",
    "not a deal score: {score!r}": "pas la marque d'une donne : {score!r}",
    "the match is over ({ns} to {ew}): no deal can be added": "la partie est finie ({ns} à {ew}) : aucune donne ne peut s'ajouter",
    "declarations given, but these rules score none: add the rule declarations=true": "des annonces sont données, mais ces règles n'en marquent aucune : ajoutez la règle declarations=true",
    "deal {text}: expected CONTRACT DECLARER POINTS [words], like 100H S 122": "donne {text} : il faut CONTRAT PRENEUR POINTS [mots], comme 100H S 122",
    "card points {points} in {text}: expected a whole number from 0 to {total}": "points de cartes {points} dans {text} : il faut un nombre entier de 0 à {total}",
    "unknown word {word} in {text}: expected X, XX, belote=SIDE, capot, lost-capot, generale or decl=SIDE:KINDS": "mot inconnu {word} dans {text} : il faut X, XX, belote=CAMP, capot, lost-capot, generale ou decl=CAMP:SORTES",
    "words {first} and {second} in {text} exclude each other: give one of them": "les mots {first} et {second} dans {text} s'excluent : donnez l'un des deux",
    "{where}: contract {contract} without a [Result]": "{where} : contrat {contract} sans [Result]",
    "{where}: [Belote] {belote}, but no hand of {belote} holds the K and Q of trumps in {strain}": "{where} : [Belote] {belote}, mais aucune main de {belote} ne tient le R et la D d'atout à {strain}",
    "{where}: {error}": "{where} : {error}",
    "executor {value}: expected one of {names}": "exécuteur {value} : il faut l'un de {names}",
    "the workers stopped before finishing their tasks": "les travailleurs se sont arrêtés avant de finir leurs tâches",
    "a worker process died with tasks unfinished": "un processus travailleur est mort avec des tâches inachevées",
    "the dask backend needs the dask extra: pip install 'coinche-solver[dask]'": "le moteur dask demande l'extra dask : pip install 'coinche-solver[dask]'",
    "the scheduler {address} speaks TLS, and no certificate is set: set {missing} (or Dask's configuration file), as docs/cluster.md shows": "l'ordonnanceur {address} parle TLS, et aucun certificat n'est réglé : réglez {missing} (ou le fichier de configuration de Dask), comme le montre docs/cluster.md",
    "the dask backend needs a scheduler address or a number of local workers": "le moteur dask demande l'adresse d'un ordonnanceur ou un nombre de travailleurs locaux",
    "retries {retries!r}: expected 0 or more": "nouvelles tentatives {retries!r} : il faut 0 ou plus",
    "a local Dask cluster started from a script's top level (line {line}): put the script's work under 'if __name__ == \"__main__\":', since each worker process imports the script again": "une grappe Dask locale lancée au niveau supérieur d'un script (ligne {line}) : mettez le travail du script sous 'if __name__ == \"__main__\":', car chaque processus travailleur importe de nouveau le script",
    "no Dask scheduler at {address}: {error}": "aucun ordonnanceur Dask à {address} : {error}",
    "the {kind} backend takes no option {options}": "le moteur {kind} ne prend pas l'option {options}",
    # the package's refusals: problems, batches, bots, studies' helpers
    "alternative {obj!r}: expected an object": "autre réponse {obj!r} : il faut un objet",
    "alternative {obj!r}: {error}": "autre réponse {obj!r} : {error}",
    "problem kind {kind!r}: expected one of {kinds}": "sorte de problème {kind!r} : il faut l'une de {kinds}",
    "problem goal {goal!r}: expected one of {goals}": "but de problème {goal!r} : il faut l'un de {goals}",
    "problem checks {checks}: expected some of {known}": "vérifications de problème {checks} : il faut certaines de {known}",
    "problem {id}: a bidding problem has no card-play position": "problème {id} : un problème d'enchères n'a pas de position de jeu de la carte",
    "{answer!r} is no answer of problem {id}": "{answer!r} n'est pas une réponse du problème {id}",
    "problem {obj!r}: expected an object": "problème {obj!r} : il faut un objet",
    "problem {id!r}: {error}": "problème {id!r} : {error}",
    "not JSON: {error}": "pas du JSON : {error}",
    'not a problem set: expected {{"format": {format}, "problems": [...]}}': 'pas une série de problèmes : il faut {{"format": {format}, "problems": [...]}}',
    "a batch line is text, not {kind}: {text}": "une ligne de lot est du texte, pas {kind} : {text}",
    "unknown dealer {value}: expected one of N E S W": "donneur inconnu {value} : il faut l'un de N E S W",
    "unknown dealer {last} after the deal: expected one of N E S W": "donneur inconnu {last} après la donne : il faut l'un de N E S W",
    "line {n}: {error}": "ligne {n} : {error}",
    "confidence {confidence!r}: expected a number between 0 and 1": "confiance {confidence!r} : il faut un nombre entre 0 et 1",
    "margin {margin!r}: expected 0 or more": "marge {margin!r} : il faut 0 ou plus",
    "min_samples must be 2 or more and horizon 1 or more": "min_samples doit valoir 2 ou plus et horizon 1 ou plus",
    "max_samples {max_samples!r}: expected 1 or more": "max_samples {max_samples!r} : il faut 1 ou plus",
    "{what} {value!r}: expected a whole number, 1 or more": "{what} {value!r} : il faut un nombre entier, 1 ou plus",
    "the double-dummy bot has not been shown this deal": "le robot à quatre jeux n'a pas vu cette donne",
    "bot {kind!r}: expected one of {kinds}": "robot {kind!r} : il faut l'un de {kinds}",
    "unknown card {rank!r} in declaration {text!r}: expected A K Q J 10 9 8 7": "carte inconnue {rank!r} dans l'annonce {text!r} : il faut A K Q J 10 9 8 7",
    "declaration {text!r}: a carré names its rank, one of J 9 A 10 K Q (carre-J; eights and sevens score nothing)": "annonce {text!r} : un carré nomme son rang, l'un de J 9 A 10 K Q (carre-J ; les huit et les sept ne marquent rien)",
    "unknown declaration {text!r}: expected tierce, quarte, quinte (optionally with the top card, quinte-K) or carre-J, carre-9, carre-A ...": "annonce inconnue {text!r} : il faut tierce, quarte, quinte (avec la carte du haut si l'on veut, quinte-K) ou carre-J, carre-9, carre-A ...",
    "features of {of}: expected seat or side": "caractéristiques de {of} : il faut seat (la main du joueur) ou side (son camp)",
    "seat: {error}": "place : {error}",
    "the point count is fitted on a study of uniform deals, seat S, strains S H D C": "le compte de points s'ajuste sur une étude de donnes uniformes, place S, couleurs S H D C",
    "the point count is calibrated on a study of uniform deals, seat S, strains S H D C, with the filter {accept}": "le compte de points s'étalonne sur une étude de donnes uniformes, place S, couleurs S H D C, avec le filtre {accept}",
    "cannot write {path}: no free temporary name beside it": "impossible d'écrire {path} : aucun nom temporaire libre à côté",
    "unknown feature {name}: expected one of {known}": "caractéristique inconnue {name} : il faut l'une de {known}",
    "strain {strain}: the point count covers the trump strains S H D C": "couleur {strain} : le compte de points couvre les couleurs d'atout S H D C",
    "plotting needs matplotlib, which is not installed: pip install 'coinche-solver[plot]' (or pip install matplotlib)": "les graphiques demandent matplotlib, qui n'est pas installé : pip install 'coinche-solver[plot]' (ou pip install matplotlib)",
    "{key} must be a number between {low:g} and {high:g}": "{key} doit être un nombre entre {low:g} et {high:g}",
    "workers {workers!r}: expected 1 or more": "travailleurs {workers!r} : il faut 1 ou plus",
    "unknown suit {text}: expected one of {letters} or ♠ ♥ ♦ ♣": "couleur inconnue {text} : il faut l'une de {letters} ou ♠ ♥ ♦ ♣",
    "unknown side {text}: expected NS or EW": "camp inconnu {text} : il faut NS ou EO",
    "default": "par défaut",
    "problem file": "fichier de problèmes",
    "{path}: {problem}": "{path} : {problem}",
    "no problems in {path}: the set is empty": "aucun problème dans {path} : l'ensemble est vide",
    "the local cluster": "la grappe locale",
    "lost the Dask scheduler at {where}": "l'ordonnanceur Dask est perdu à {where}",
    # what the auction and the play showed (Constraints.describe, Knowledge)
    "{seat} holds {cards}": "{seat} tient {cards}",
    "{seat} cannot hold {cards}": "{seat} ne peut pas tenir {cards}",
    "{seat} void in {suit}": "{seat} chicane à {suit}",
    "{seat} holds {lo} to {hi} {suit}": "{seat} a de {lo} à {hi} cartes à {suit}",
    "{seat} holds {lo} to {hi} points": "{seat} a de {lo} à {hi} points",
    "{seat} holds {lo} to {hi} points in {strain}": "{seat} a de {lo} à {hi} points comptés à {strain}",
    "accept: {name}": "acceptation : {name}",
    "shown": "montrées",
    "{what} cards {cards!r}": "cartes {what} {cards!r}",
    # the command line's errors (cli/)
    "error: {message}": "erreur : {message}",
    "no such file: {path}": "fichier introuvable : {path}",
    "cannot use {path}: {reason}": "impossible d'utiliser {path} : {reason}",
    "{names} given {n} times: give it once": "{names} donnée {n} fois : donnez-la une fois",
    "--lang {before} before the command and {after} after it: give one": "--lang {before} avant la commande et {after} après : donnez-en une",
    "--{name} {value} is French notation ({french} in English): input is read in English unless French is asked for: add --lang fr (or set {var}=fr)": "--{name} {value} est en notation française ({french} en anglais) : l'entrée est lue en anglais sauf si le français est demandé : ajoutez --lang fr (ou {var}=fr)",
    "--time {text!r}: expected seconds, such as 1.5, 1s or 500ms": "--time {text!r} : il faut des secondes, comme 1.5, 1s ou 500ms",
    "--time {text!r}: expected a time above 0": "--time {text!r} : il faut une durée au-dessus de 0",
    "give --samples or --max-samples, not both (with --time, --confidence or --margin, --samples is the most deals)": "donnez --samples ou --max-samples, pas les deux (avec --time, --confidence ou --margin, --samples est le nombre maximal de donnes)",
    "--scheduler and --cluster exclude each other": "--scheduler et --cluster s'excluent",
    "--scheduler {value}: expected an address like tcp://HOST:8786": "--scheduler {value} : il faut une adresse comme tcp://HOTE:8786",
    "--cluster {value}: expected local:N, N workers from 1 to {top}": "--cluster {value} : il faut local:N, N travailleurs de 1 à {top}",
    "--backend {value}: expected process or thread (--scheduler or --cluster for Dask)": "--backend {value} : il faut process ou thread (--scheduler ou --cluster pour Dask)",
    "not a whole number: {text}": "pas un nombre entier : {text}",
    "{option} {text!r}: expected {example}": "{option} {text!r} : il faut {example}",
    "{option} {text}: expected {example}": "{option} {text} : il faut {example}",
    "{option} {text!r} contradicts {before!r} given before": "{option} {text!r} contredit {before!r} donné avant",
    "SEAT:CARDS, like E:SJ,S9": "PLACE:CARTES, comme E:PV,P9",
    "SEAT:SUITS, like W:S": "PLACE:COULEURS, comme O:P",
    "SEAT:SUIT:MIN-MAX, like N:H:3-5": "PLACE:COULEUR:MIN-MAX, comme N:C:3-5",
    "SEAT:MIN-MAX, like N:20-60": "PLACE:MIN-MAX, comme N:20-60",
    "{path} is a directory: expected a {what}": "{path} est un dossier : il faut {what}",
    "cannot read {path}: {reason}": "lecture impossible de {path} : {reason}",
    "{path} is over {n} MiB: split it into smaller files": "{path} dépasse {n} Mio : découpez-le en fichiers plus petits",
    "no {what} in {path}: the input is empty (only blank lines or comments)": "pas de {what} dans {path} : l'entrée est vide (rien que des lignes blanches ou des commentaires)",
    "file": "un fichier",
    "no {what} given: expected a file name or - for stdin": "il manque {what} : il faut un nom de fichier, ou - pour l'entrée standard",
    "cannot read {path}: line {n} is not UTF-8 text (byte {byte}: {reason})": "lecture impossible de {path} : la ligne {n} n'est pas du texte UTF-8 (octet {byte} : {reason})",
    "cannot read {path}: line {n} has {count} characters, more than the {top} a line may have ({line})": "lecture impossible de {path} : la ligne {n} a {count} caractères, plus que les {top} permis ({line})",
    "no such directory: {path}": "dossier introuvable : {path}",
    "{path} is a file, not a directory: expected {what}": "{path} est un fichier, pas un dossier : il faut {what}",
    "{option} {path}: expected a file name": "{option} {path} : il faut un nom de fichier",
    "{option} {path} is a directory: expected a file name": "{option} {path} est un dossier : il faut un nom de fichier",
    "{option} {path} is the input file {source}: writing it would destroy the input": "{option} {path} est le fichier d'entrée {source} : l'écrire détruirait l'entrée",
    "{option} {path}: cannot write it": "{option} {path} : écriture impossible",
    "{option} {path}: expected a file name ending in {suffix}": "{option} {path} : il faut un nom de fichier finissant par {suffix}",
    "{option} {path}: no such directory {parent}": "{option} {path} : dossier introuvable {parent}",
    "{option} {path}: cannot write in {parent}": "{option} {path} : impossible d'écrire dans {parent}",
    "{path} is a directory: expected a record file (FILE.pbn) or a deal": "{path} est un dossier : il faut un fichier de fiches (FICHIER.pbn) ou une donne",
    "record file": "un fichier de fiches",
    "games": "parties",
    '{path} is not a record file: it starts {start}, where a record file starts with tag pairs like [Deal "N:..."] (docs/formats.md)': '{path} n\'est pas un fichier de fiches : il commence par {start}, quand un fichier de fiches commence par des étiquettes comme [Deal "N:..."] (docs/formats.md)',
    "{path} {error}": "{path} {error}",
    'no games in {path}: expected tag pairs like [Deal "N:..."]': 'aucune partie dans {path} : il faut des étiquettes comme [Deal "N:..."]',
    "{path} line {n}: the game has no [Deal]": "{path} ligne {n} : la partie n'a pas de [Deal]",
    "the game has no [Deal]": "la partie n'a pas de [Deal]",
    "its [Rules] differ from the command's: batch solves every game under one set of rules (give them with --rule, or use table)": "ses [Rules] diffèrent de celles de la commande : batch résout toutes les parties sous les mêmes règles (donnez-les avec --rule, ou utilisez table)",
    "line {n}: {problem}": "ligne {n} : {problem}",
    "{key}={value}: expected yes or no": "{key}={value} : il faut yes ou no",
    "no deal before {field}: a line starts with the deal": "pas de donne avant {field} : une ligne commence par la donne",
    "unknown field {key}: expected one of {keys}": "champ inconnu {key} : il faut l'un de {keys}",
    "field {key} given twice": "champ {key} donné deux fois",
    "no strain: add strain=S, H, D, C, SA or TA": "pas d'atout : ajoutez strain=S, H, D, C, SA ou TA (lettres anglaises dans un fichier)",
    "give either a DEAL or --file, not both": "donnez une DONNE ou --file, pas les deux",
    "{options} cannot go with --file: each line of the file gives its own (strain=, leader=, dealer=, played=)": "{options} ne va pas avec --file : chaque ligne du fichier donne les siens (strain=, leader=, dealer=, played=)",
    "missing the DEAL (PBN text or 'example'), or --file with problems": "il manque la DONNE (texte PBN ou 'example'), ou --file avec des problèmes",
    "--strain is required: S H D C, SA or TA": "--strain est obligatoire : P C K T, SA ou TA",
    "file of problems": "un fichier de problèmes",
    "declarations {text!r}: expected SIDE:KIND,KIND, like NS:tierce,carre-J": "annonces {text!r} : il faut CAMP:SORTE,SORTE, comme NS:tierce,carre-J",
    "declarations {text!r}: {error}": "annonces {text!r} : {error}",
    "declarations given, but these rules score none: add --rule declarations=true": "des annonces sont données, mais ces règles n'en comptent aucune : ajoutez --rule declarations=true",
    "--coinche and --surcoinche exclude each other: give one of them": "--coinche et --surcoinche s'excluent : donnez l'une des deux",
    "--capot and --lost-capot exclude each other: one side took every trick": "--capot et --lost-capot s'excluent : un seul camp a fait tous les plis",
    "malformed bid {text}: expected a level and a strain, like 100H or 100 H": "enchère mal formée {text} : il faut un niveau et un atout, comme 100C ou 100 C",
    "--json and --format {fmt} exclude each other: --json is --format jsonl": "--json et --format {fmt} s'excluent : --json vaut --format jsonl",
    "unknown format {fmt}: expected jsonl or csv": "format inconnu {fmt} : il faut jsonl ou csv",
    "--workers {n}: expected 1 to {top}": "--workers {n} : il faut de 1 à {top}",
    "--dealer {seat}: expected one of N E S W": "--dealer {seat} : il faut l'une de N E S O",
    "--out {path}: a record file (.pbn) is written for a record file input": "--out {path} : un fichier de fiches (.pbn) s'écrit pour une entrée en fichier de fiches",
    "no deals in {path}: nothing to solve": "aucune donne dans {path} : rien à résoudre",
    "--out {path} is the file stdin reads: writing it would destroy the input": "--out {path} est le fichier que lit l'entrée standard : l'écrire détruirait l'entrée",
    "file of deals": "un fichier de donnes",
    "cannot read {path}: line {n} has more than the {top} characters a line may have": "lecture impossible de {path} : la ligne {n} a plus des {top} caractères permis",
    "cannot read {path}: line {n} is not UTF-8 text (byte {byte} of the line: {reason})": "lecture impossible de {path} : la ligne {n} n'est pas du texte UTF-8 (octet {byte} de la ligne : {reason})",
    "--contract goes with --from-seats (the double-dummy review needs --strain)": "--contract va avec --from-seats (la revue en double mort demande --strain)",
    "--strain and --played come from the record file's [Contract] and [Play]": "--strain et --played viennent du [Contract] et du [Play] du fichier de fiches",
    "no played game in {path!r}: expected a [Contract] and a [Play]": "aucune partie jouée dans {path!r} : il faut un [Contract] et un [Play]",
    "--out needs a record file (FILE.pbn) as the deal": "--out demande un fichier de fiches (FICHIER.pbn) comme donne",
    "--strain and --played are needed (or a record file with [Contract] and [Play])": "il faut --strain et --played (ou un fichier de fiches avec [Contract] et [Play])",
    "--out writes double-dummy reviews: leave it out with --from-seats": "--out écrit des revues en double mort : ne le donnez pas avec --from-seats",
    "--from-seats takes the contract (--contract '100H N'), which gives the strain": "--from-seats prend le contrat (--contract '100H N'), qui donne l'atout",
    "--contract and --played come from the record file's [Contract] and [Play]": "--contract et --played viennent du [Contract] et du [Play] du fichier de fiches",
    "no played game in {path!r}: expected a [Contract] with its declarer and a [Play]": "aucune partie jouée dans {path!r} : il faut un [Contract] avec son preneur et un [Play]",
    "--from-seats needs --contract '100H N' and --played (or a record file)": "--from-seats demande --contract '100H N' et --played (ou un fichier de fiches)",
    "--leader and --dealer come from the record file's [Play]": "--leader et --dealer viennent du [Play] du fichier de fiches",
    "--shown {item!r}: expected SEAT:CARDS, like E:HA,HK,HQ": "--shown {item!r} : il faut PLACE:CARTES, comme E:CA,CR,CD",
    "--auction needs --dealer (the auction starts with the seat after the dealer)": "--auction demande --dealer (les enchères commencent à la place qui suit le donneur)",
    "player {item!r}: expected SEAT=pimc or SEAT=dd, like N=dd": "joueur {item!r} : il faut PLACE=pimc ou PLACE=dd, comme N=dd",
    "--players {text}: seat {seat} is named twice": "--players {text} : la place {seat} est nommée deux fois",
    "game {n} of {path} has its own first leader, {seat}, not the {given} of {options}: with a record file, "
    "--leader and --dealer only stand in for a game without a [Dealer]":
        "la partie {n} de {path} a son propre entameur, {seat}, pas le {given} de {options} : avec un fichier de "
        "fiches, --leader et --dealer ne valent que pour une partie sans [Dealer]",
    "game {n} of {path} has its own dealer, {seat}, not the {given} of --dealer {dealer}: with a record file, "
    "--dealer only stands in for a game without a [Dealer]":
        "la partie {n} de {path} a son propre donneur, {seat}, pas le {given} de --dealer {dealer} : avec un "
        "fichier de fiches, --dealer ne vaut que pour une partie sans [Dealer]",
    "contract {contract!r}: name its declarer too, like '{contract} N'": "contrat {contract!r} : nommez aussi son preneur, comme '{contract} N'",
    "give the first leader (--leader) or the dealer (--dealer)": "donnez celui qui entame (--leader) ou le donneur (--dealer)",
    "--play {play!r}: expected dd or realistic": "--play {play!r} : il faut dd ou realistic",
    "--play realistic scores opening advice: leave it out with --auction": "--play realistic note le conseil d'ouverture : ne le donnez pas avec --auction",
    "--plot draws opening advice: leave it out with --auction": "--plot dessine le conseil d'ouverture : ne le donnez pas avec --auction",
    "--auction comes from the record file's [Auction]": "--auction vient de l'[Auction] du fichier de fiches",
    "{path}: no game with an [Auction] and a [Dealer] to review": "{path} : aucune partie avec une [Auction] et un [Dealer] à revoir",
    '--auction: give the calls to review, like "S:80C W:pass N:100C E:pass S:pass W:pass"': '--auction : donnez les annonces à revoir, comme "S:80C O:passe N:100C E:passe S:passe O:passe"',
    "--hand, --seat, --out and the constraints go with --count": "--hand, --seat, --out et les contraintes vont avec --count",
    "--known, --void, --length and --points go with --hand: the deals are sampled around it": "--known, --void, --length et --points vont avec --hand : les donnes sont tirées autour d'elle",
    "{path}: not a saved match (no [MatchSeed] tag)": "{path} : pas un match enregistré (pas d'étiquette [MatchSeed])",
    "--seed {seed}: the saved match was played with seed {saved}": "--seed {seed} : le match enregistré a été joué avec la graine {saved}",
    "--rule {option}: the match saved in {path} is played with {saved}; a resumed match keeps its rules": "--rule {option} : le match enregistré dans {path} se joue avec {saved} ; un match repris garde ses règles",
    "--target {target}: the match saved in {path} is played with {saved}; a resumed match keeps its rules": "--target {target} : le match enregistré dans {path} se joue avec {saved} ; un match repris garde ses règles",
    "{path}: the saved match is over, nothing is left to play: {status}": "{path} : le match enregistré est fini, il ne reste rien à jouer : {status}",
    "line {n}: the game's [Rules] differ from the first game's: a match is played under one set of rules": "ligne {n} : les [Rules] de la partie diffèrent de celles de la première : un match se joue sous les mêmes règles",
    "line {n}: {status} No deal can follow.": "ligne {n} : {status} Aucune donne ne peut suivre.",
    "score sheet": "une feuille de marque",
    "deals to score": "donnes à marquer",
    "expected an object": "il faut un objet",
    "rating file {path} is not a rating ({error}): fix or remove it": "le fichier de classement {path} n'est pas un classement ({error}) : corrigez-le ou supprimez-le",
    "bot {bot!r}: expected one of {kinds}": "robot {bot!r} : il faut l'un de {kinds}",
    'the board needs {name!r}: pip install -e ".[web]"': 'le tableau demande {name!r} : pip install -e ".[web]"',
    "--token {token!r}: expected at least 8 characters, no space, '#' or '&'": "--token {token!r} : il faut au moins 8 caractères, sans espace, '#' ni '&'",
    "--host {host!r}: no such address on this machine": "--host {host!r} : cette adresse n'existe pas sur cette machine",
    "port {port} on {host} is already in use: stop what uses it or choose another with --port": "le port {port} de {host} est déjà pris : arrêtez ce qui l'occupe ou choisissez-en un autre avec --port",
    "cannot listen on {host}:{port}: {reason}": "impossible d'écouter sur {host}:{port} : {reason}",
    "--played, --leader and --dealer need --strain (the trumps of the play)": "--played, --leader et --dealer demandent --strain (l'atout du jeu)",
    "--by: {error}": "--by : {error}",
    "rules option {text} contradicts another option, which sets {name} to {value}": "l'option de règles {text} contredit une autre option, qui met {name} à {value}",
    "no rules flag {flag!r}: expected one of {flags}": "pas d'option de règles {flag!r} : il faut l'une de {flags}",
    "hint: a capot bid makes only when the bidders take every trick; add --capot to score a capot taken": "conseil : un capot annoncé ne réussit que si les preneurs font tous les plis ; ajoutez --capot pour marquer un capot réussi",
    # the language of the input: refusals of solver.notation
    "{source} {text!r}: expected en or fr": "{source} {text!r} : il faut en ou fr",
    "{what} {text!r} reads {english} in English but {french} in French: set the language (--lang en or --lang fr)": "{what} {text!r} se lit {english} en anglais mais {french} en français : choisissez la langue (--lang en ou --lang fr)",
    "{what} {text!r} is French notation ({french}): French suit letters P C K T need the French setting (--lang fr, or {var}=fr)": "{what} {text!r} est en notation française ({french}) : les lettres françaises des couleurs, P C K T, demandent le réglage français (--lang fr, ou {var}=fr)",
    "{what} {text!r} is English notation ({english}): input is read in French here: write it in French or as {english}, or ask for English (--lang en)": "{what} {text!r} est en notation anglaise ({english}) : l'entrée est lue ici en français : écrivez-la en français ou {english}, ou demandez l'anglais (--lang en)",
    "suit": "couleur",
    "language": "langue",
    # the record files' refusals: the line and tag of each (solver.records)
    "line {n}: [{tag}]: {message}": "ligne {n} : [{tag}] : {message}",
    "unreadable value {value}": "valeur illisible {value}",
    "contract {text} without a [Declarer]": "contrat {text} sans [Declarer]",
    "unexpected line {text}: this tag takes no section": "ligne inattendue {text} : cette étiquette ne prend pas de section",
    "a declarer without a [Contract]": "un preneur sans [Contract]",
    "a result without a [Contract]": "un résultat sans [Contract]",
    "result {result}, but the declarers take {made} card points in the [Play]": "résultat {result}, mais les preneurs font {made} points de cartes dans le [Play]",
    "the auction starts with {seat}, but the seat after the dealer {dealer} speaks first ({first})": "les enchères commencent par {seat}, mais c'est la place qui suit le donneur {dealer} qui parle d'abord ({first})",
    "call {n} ({seat}): {error}": "annonce {n} ({seat}) : {error}",
    "the auction {calls} is not over: expected passes after the last bid (AP ends it)": "les enchères {calls} ne sont pas finies : il faut des passes après la dernière enchère (AP les finit)",
    "the auction is passed out, but the [Contract] is {contract}": "tout le monde passe aux enchères, mais le [Contract] est {contract}",
    "the auction ends in {final}, not in the [Contract] {contract}": "les enchères finissent sur {final}, pas sur le [Contract] {contract}",
    "{seat} leads, but the seat after the dealer {dealer} leads the first trick ({first})": "{seat} entame, mais c'est la place qui suit le donneur {dealer} qui entame le premier pli ({first})",
    "a play needs the [Deal] and the [Contract] (with its [Declarer])": "un jeu demande le [Deal] et le [Contract] (avec son [Declarer])",
    "trick {line} has {n} cards: expected at most 4": "le pli {line} a {n} cartes : 4 au plus",
    "trick {line} holds {n} of 4 cards: only the last trick may be short": "le pli {line} a {n} des 4 cartes : seul le dernier pli peut être incomplet",
    "malformed line {line}: see docs/formats.md": "ligne mal formée {line} : voir docs/formats.md",
    "game at line {n}": "partie de la ligne {n}",
    "a dot after anything but {names}": "un point après autre chose que {names}",
    # studies: the distribution of the tricks, the score grouped
    "--distribution {value}: expected points or tricks": "--distribution {value} : attendu points ou tricks (les plis)",
    "{path}: this study did not store the tricks; run it with --tricks (in another directory, or with --force) to have their distribution": "{path} : cette étude n'a pas gardé les plis ; relancez-la avec --tricks (dans un autre dossier, ou avec --force) pour en avoir la distribution",
    "tricks ± se": "plis ± e.t.",
    "tricks: the most tricks the side can force, both sides playing for tricks (--distribution tricks shows how many deals give each number).": "plis : le plus de plis que le camp peut assurer, les deux camps jouant pour les plis (--distribution tricks montre combien de donnes donnent chaque nombre).",
    "{strain}, {seat} leads: the share of deals at each number of tricks of {me}'s side, {deals:,} deals": "{strain}, {seat} entame : la part des donnes à chaque nombre de plis du camp de {me}, {deals:,} donnes",
    "{strain}, {seat} leads: the share of deals at each card points of {me}'s side, {deals:,} deals": "{strain}, {seat} entame : la part des donnes à chaque tranche de points de cartes du camp de {me}, {deals:,} donnes",
    "Every value's count is in aggregates.json, and in --json.": "Le compte de chaque valeur est dans aggregates.json, et dans --json.",
    "the same, by {by} ({of}; in {strain})": "le même, par {by} ({of} ; à {strain})",
    "tricks {value!r}: expected True or False": "tricks {value!r} : il faut True ou False",
    # the usage errors click and typer find themselves (cli/errors.py), and coinche serve's lines
    "No such option: {name} (Possible options: {options})": "pas d'option {name} (options possibles : {options})",
    "No such option: {name}": "pas d'option {name}",
    "No such command {name}.": "pas de commande {name}.",
    "Missing command.": "il manque la commande.",
    "Missing argument {name}.": "il manque l'argument {name}.",
    "Missing option {name}.": "il manque l'option {name}.",
    "Missing parameter {name}.": "il manque le paramètre {name}.",
    "Option {name} requires an argument.": "l'option {name} demande une valeur.",
    "Option {name} requires {n} arguments.": "l'option {name} demande {n} valeurs.",
    "Option {name} does not take a value.": "l'option {name} ne prend pas de valeur.",
    "Argument {name} takes {n} values.": "l'argument {name} prend {n} valeurs.",
    "Got unexpected extra argument(s) ({args})": "argument(s) en trop ({args})",
    "Got unexpected extra argument ({args})": "argument en trop ({args})",
    "Invalid value for {name}: {problem}": "valeur refusée pour {name} : {problem}",
    "Invalid value: {problem}": "valeur refusée : {problem}",
    "{value} is not one of {choices}.": "{value} n'est pas l'une de {choices}.",
    "Value {value} is not a valid {label}.": "la valeur {value} n'est pas un {label} valide.",
    "Aborted!": "Abandon !",
    "The analysis board is at {url} (Ctrl-C stops it)": "Le tableau d'analyse est à {url} (Ctrl-C l'arrête)",
    "  from the network: {url}": "  depuis le réseau : {url}",
    "warning: anyone who can reach this machine on its networks can use the board; nothing is encrypted": "attention : quiconque atteint cette machine sur ses réseaux peut utiliser le tableau ; rien n'est chiffré",
    "warning: anyone who can reach this machine on its networks can use the board; nothing is encrypted, and there is no password (--token)": "attention : quiconque atteint cette machine sur ses réseaux peut utiliser le tableau ; rien n'est chiffré, et il n'y a pas de mot de passe (--token)",
    "stopped at once by a second signal": "arrêté sur-le-champ par un second signal",
    "played {played}: cards as text go through Position.parse": "cartes jouées {played} : les cartes écrites en texte passent par Position.parse",
    # problems: mining runs joined, the endplay theme, bidding practice from the shipped set
    "deals {first} to {last}": "donnes {first} à {last}",
    "{n} problems written to {path}": "{n} problèmes écrits dans {path}",
    "problem sets of different seeds: {seeds}": "des jeux de problèmes de graines différentes : {seeds}",
    "no bidding problem of the set fits the filters": "aucun problème d'enchères du jeu ne répond aux filtres",
    "Right: {call}.": "Juste : {call}.",
    "Wrong: {call}; the solution is {best}.": "Faux : {call} ; la solution est {best}.",
    "Wrong: {call} loses {cost} a deal against {best}.": "Faux : {call} perd {cost} par donne face à {best}.",
    "Miss, problem {n} ({id}): you called {call}, best {best}.": "Raté, problème {n} ({id}) : vous avez dit {call}, le mieux {best}.",
    "Loss of each call against {best} on {n} deals: {costs}": "Perte de chaque annonce face à {best} sur {n} donnes : {costs}",
}
