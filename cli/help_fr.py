# ruff: noqa: E501  (the catalogue holds whole paragraphs, one a line)
"""The command line's help in French: the catalogue of help texts and the hook that uses it.

Under a French output language (``--lang fr`` before or after the command, ``COINCHE_LANG=fr``,
or a French locale: docs/language.md), ``coinche ... --help`` is written in French.  The help
texts stay English in the commands (their docstrings, epilogs, options' ``help=``); :data:`HELP_FR`
maps each English text to its French, and :func:`french_help` puts the French in place while
typer renders the help, with typer's own words (panel titles, ``[default: ...]``,
``[required]``, the value types, the usage line) and the arguments' names, then puts everything
back.  This module is loaded only for a French help (:func:`cli.lang.format_help_in_language`),
so the English command line does not pay for it.

``tests/test_help_fr.py`` checks that every help text of every command and sub-command has its
French here, and that the catalogue holds nothing unused.

>>> HELP_FR["Show this message and exit."]
"Affiche ce message et s'arrête."
"""

from __future__ import annotations

import contextlib
import inspect
import re
from typing import Iterator

from typer import rich_utils
from typer._click import Command, Context
from typer.core import TyperGroup

#: Each English help text (a command's docstring without its indentation, a paragraph of an
#: epilog, an option's or argument's ``help``) and its French.  Commands, options, file names and
#: card notation stay as they are: input is English unless French is asked for.  A French
#: paragraph is one line (typer wraps it; the command list shows a first paragraph as it is).
HELP_FR: dict[str, str] = {
    'Exact double-dummy solver and hand analyzer for Coinche (Belote coinchée).':
        'Solveur exact en double mort et analyseur de mains pour la Coinche (Belote coinchée).',
    'Show the version and exit.':
        "Affiche la version et s'arrête.",
    "Language of the cards and bids you type and of the output: en or fr (default: $COINCHE_LANG, else input in English and output in the locale's language).":
        'Langue des cartes et des enchères que vous tapez et de la sortie : en ou fr (par défaut : $COINCHE_LANG, sinon la saisie en anglais et la sortie dans la langue de la locale).',
    'Show this message and exit.':
        "Affiche ce message et s'arrête.",
    'What to bid: solve many deals consistent with your hand in all six strains.\n'
    '\n'
    'Example: coinche advise "AJ9.A7.KT.J" --seat S --dealer E --samples 50 --seed 1':
        'Quoi annoncer : résout de nombreuses donnes compatibles avec votre main dans les six atouts.\n'
        '\n'
        'Exemple : coinche advise "AJ9.A7.KT.J" --seat S --dealer E --samples 50 --seed 1',
    "Your 8 cards as spades.hearts.diamonds.clubs, like AJ9.A7.KT.J ('-' for a void).":
        "Vos 8 cartes en pique.cœur.carreau.trèfle, comme AJ9.A7.KT.J ('-' pour une chicane).",
    'Your seat: N E S W.':
        'Votre place : N E S W.',
    'The dealer; the seat after leads (without it: N, and the output says so).':
        'Le donneur ; la place suivante entame (sans lui : N, et la sortie le dit).',
    'Deals to sample and solve.':
        'Donnes à tirer et à résoudre.',
    'Deals to sample and solve, exactly (the most with --time, --confidence or --margin); default: at most 1000 (300 with --lookahead), stopping as soon as the answer is known at 95% confidence.':
        "Donnes à tirer et à résoudre, exactement (au plus avec --time, --confidence ou --margin) ; par défaut : au plus 1000 (300 avec --lookahead), en s'arrêtant dès que la réponse est connue à 95 % de confiance.",
    'Random seed, 0 or more (the same seed gives the same review); default 1.':
        'Graine aléatoire, 0 ou plus (la même graine donne la même revue) ; par défaut 1.',
    'Random seed, 0 or more (the same seed gives the same result); default: a fresh one, shown in the output.':
        'Graine aléatoire, 0 ou plus (la même graine donne le même résultat) ; par défaut : une nouvelle, écrite dans la sortie.',
    'Cards known at another seat: E:SJ,S9 (repeatable).':
        "Cartes connues d'une autre place : E:SJ,S9 (répétable).",
    'A seat void in suits: W:S (repeatable).':
        "Une place qui n'a aucune carte dans ces couleurs (chicane) : W:S (répétable).",
    'Suit length range: N:H:3-5 (repeatable).':
        "Bornes de la longueur d'une couleur : N:H:3-5 (répétable).",
    'Card points range at plain-suit values: N:20-60 (repeatable).':
        'Bornes des points de cartes, aux valeurs hors atout : N:20-60 (répétable).',
    'Score declarations (tierce, quarte, carrés).':
        'Compte les annonces (tierce, quarte, carrés).',
    'Belote counts in tout atout.':
        'La belote compte à tout atout.',
    'A rules variant as NAME=VALUE, repeatable: suit_ranking=true, belote_in_ta=true, declarations=true, ta_table=j13, must_undertrump=false, ...':
        'Une variante des règles en NOM=VALEUR, répétable : suit_ranking=true, belote_in_ta=true, declarations=true, ta_table=j13, must_undertrump=false, ...',
    'Parallel solvers (default: every core).':
        'Solveurs en parallèle (par défaut : un par processeur).',
    'Also write the points per strain as a PNG (needs matplotlib).':
        'Écrit aussi les points par atout dans une image PNG (il faut matplotlib).',
    'The calls so far from the seat after the dealer: "E:pass S:80H W:90S N:?"; advice for your next call.':
        'Les annonces jusqu\'ici, depuis la place qui suit le donneur : "E:pass S:80H W:90S N:?" ; le conseil porte sur votre prochaine annonce.',
    'A bidding system file (TOML or JSON, docs/advice.md); default: the default system.':
        "Un fichier de système d'enchères (TOML ou JSON, docs/advice.md) ; par défaut : le système par défaut.",
    'dd: score the bids with double-dummy play; realistic: also with PIMC players (each sees only its own hand), on the first --realistic-samples deals.':
        'dd : juge les enchères par le jeu en double mort ; realistic : aussi avec des joueurs PIMC (chacun ne voit que sa main), sur les --realistic-samples premières donnes.',
    'With --play realistic: deals each player solves per decision.':
        'Avec --play realistic : les donnes que chaque joueur résout à chaque décision.',
    'With --play realistic: the deals played out (each in every strain).':
        "Avec --play realistic : les donnes jouées jusqu'au bout (chacune dans chaque atout).",
    'Stop after this long (1.5, 1s, 500ms); --samples is then the most deals.':
        "S'arrête au bout de cette durée (1.5, 1s, 500ms) ; --samples est alors le nombre maximal de donnes.",
    'Stop once the best option is known at this confidence (0.95).':
        "S'arrête dès que la meilleure option est connue avec cette confiance (0.95).",
    'Options closer than this (score points) count as equal (5).':
        'Des options plus proches que cela (en points de marque) comptent comme égales (5).',
    'Solve at most this many deals, stopping once the answer is known (at --confidence, 0.95 unless given); instead of --samples.':
        "Résout au plus ce nombre de donnes et s'arrête dès que la réponse est connue (avec --confidence, 0.95 "
        "sinon) ; à la place de --samples.",
    'Print JSON (strains, bids, recommendation).':
        'Écrit du JSON (atouts, enchères, recommandation).',
    'Judge each call by continuing the auction on every deal (partner, opponents and you bidding by the point count and the system) instead of as if the auction ended after it.':
        "Juge chaque annonce en continuant les enchères sur chaque donne (partenaire, adversaires et vous annonçant selon le compte de points et le système) au lieu de faire comme si les enchères s'arrêtaient après elle.",
    "When sampling stops as soon as the answer is known: stop solving a strain once every call in it is behind the best (its table then on fewer deals).":
        "Quand le tirage s'arrête dès que la réponse est connue : cesse de résoudre une couleur dès que tous ses appels sont distancés par le meilleur (son tableau porte alors sur moins de donnes).",
    "With --play dd: play the advised bid's strain out with PIMC players on the first --realistic-samples deals and say when only a declarer who sees every card makes the bid pay.":
        "Avec --play dd : joue l'atout de l'enchère conseillée avec des joueurs PIMC sur les --realistic-samples premières donnes et dit quand seul un preneur qui voit toutes les cartes rend l'enchère payante.",
    'Tables for many deals in input order; bad lines are reported on stderr with\n'
    'their number and skipped (exit code 1 when there were some).\n'
    '\n'
    'The output is JSON lines (--json, the same as --format jsonl) or CSV: one object\n'
    '(one row per leader) for each deal, with "line" (its input line) and "deal"; a bad\n'
    'line gives {"line": N, "deal": its text, "error": message} in its place.\n'
    '\n'
    'Example: coinche batch deals.txt --format csv --out tables.csv --par':
        "Des tableaux pour de nombreuses donnes, dans l'ordre de l'entrée ; les lignes erronées sont signalées sur stderr avec leur numéro et sautées (code de sortie 1 s'il y en a eu).\n"
        '\n'
        'La sortie est en lignes JSON (--json, comme --format jsonl) ou en CSV : un objet (une ligne par entameur) pour chaque donne, avec "line" (sa ligne d\'entrée) et "deal" ; une ligne erronée donne {"line": N, "deal": son texte, "error": message} à sa place.\n'
        '\n'
        'Exemple : coinche batch deals.txt --format csv --out tables.csv --par',
    "Deals, one per line: 'N:hand hand hand hand', optionally followed by 'dealer=E' or a seat letter, or a record file (tag pairs, docs/formats.md); '-' reads stdin.":
        "Les donnes, une par ligne : 'N:main main main main', suivie au besoin de 'dealer=E' ou d'une lettre de place, ou un fichier de fiches (paires d'étiquettes, docs/formats.md) ; '-' lit l'entrée standard.",
    'jsonl or csv.':
        'jsonl ou csv.',
    'Write here instead of stdout; for a record file, FILE.pbn writes its games back with [DoubleDummy] (and [Par]) added.':
        'Écrit ici au lieu de la sortie standard ; pour un fichier de fiches, FICHIER.pbn réécrit ses parties avec [DoubleDummy] (et [Par]) en plus.',
    'Processes (default: every core; at most 256).':
        'Processus (par défaut : un par processeur ; 256 au plus).',
    'Dealer for lines that give none (else all four leaders are solved).':
        "Le donneur des lignes qui n'en donnent pas (sinon les quatre entameurs sont résolus).",
    'Add the par of deals with a dealer.':
        'Ajoute le par des donnes qui ont un donneur.',
    'Stop at the first bad line.':
        "S'arrête à la première ligne erronée.",
    'No progress bar.':
        'Pas de barre de progression.',
    'Print JSON.':
        'Écrit du JSON.',
    "Each call judged from its player's seat (their hand and the calls before, nothing\n"
    'else): the advice there, whether the call matched it and what it cost; then the final\n'
    'contract on the real deal, and par.  DEAL may be a record file (FILE.pbn): each game\n'
    'with an [Auction] is reviewed, its dealer and calls from the tags.\n'
    '\n'
    'Example: coinche bidreview example --dealer E --auction "S:80C W:pass N:100C E:pass S:pass W:pass"     --samples 20':
        "Chaque annonce jugée depuis la place de son joueur (sa main et les annonces d'avant, rien d'autre) : le conseil à cet endroit, si l'annonce l'a suivi et ce qu'elle a coûté ; puis le contrat final sur la vraie donne, et le par.  DONNE peut être un fichier de fiches (FICHIER.pbn) : chaque partie qui a des [Auction] est revue, son donneur et ses annonces tirés des étiquettes.\n"
        '\n'
        'Exemple : coinche bidreview example --dealer E --auction "S:80C W:pass N:100C E:pass S:pass W:pass" --samples 20',
    "The deal as PBN text ('N:AK.K8.K8.A8 ...'), or 'example'.":
        "La donne en texte PBN ('N:AK.K8.K8.A8 ...'), ou 'example'.",
    'The dealer; the seat after speaks first.':
        'Le donneur ; la place suivante parle la première.',
    'The calls from the seat after the dealer: "E:pass S:80H W:pass N:100H ...".':
        'Les annonces depuis la place qui suit le donneur : "E:pass S:80H W:pass N:100H ...".',
    'A bidding system file (TOML or JSON, docs/advice.md).':
        "Un fichier de système d'enchères (TOML ou JSON, docs/advice.md).",
    'Judge each call by continuing the auction on every deal instead of as if it ended after the call.':
        "Juge chaque annonce en continuant les enchères sur chaque donne au lieu de faire comme si elles s'arrêtaient après l'annonce.",
    'Deal the 32 cards at random; print the diagram, the PBN text and the seed.\n'
    'With --count, N games as records (seeded; boards 1, 2, ..., the dealer turning),\n'
    'optionally with --hand at --seat and what else is known of the other hands.\n'
    '\n'
    'Example: coinche deal --count 4 --seed 7 --hand AJ9.A7.KT.J --seat S --out practice.pbn':
        "Distribue les 32 cartes au hasard ; écrit le diagramme, le texte PBN et la graine. Avec --count, N parties en fiches (tirées d'une graine ; donnes 1, 2, ..., le donneur tournant), au besoin avec --hand en --seat et ce qu'on sait encore des autres mains.\n"
        '\n'
        'Exemple : coinche deal --count 4 --seed 7 --hand AJ9.A7.KT.J --seat S --out practice.pbn',
    'Print JSON instead of a diagram.':
        "Écrit du JSON au lieu d'un diagramme.",
    'Deal this many games as a record file (docs/formats.md).':
        'Distribue autant de parties, en un fichier de fiches (docs/formats.md).',
    'With --count: every deal gives this hand (spades.hearts.diamonds.clubs) to --seat.':
        'Avec --count : chaque donne attribue cette main (pique.cœur.carreau.trèfle) à --seat.',
    'The seat of --hand (default S).':
        'La place de --hand (S par défaut).',
    'With --count: write the records here (FILE.pbn) instead of stdout.':
        'Avec --count : écrit les fiches ici (FICHIER.pbn) au lieu de la sortie standard.',
    "Which card to lead: each lead's double-dummy result averaged over sampled deals.\n"
    '\n'
    'Example: coinche lead "KT7.Q8.A9.K" --seat E --contract 100H --declarer S --samples 50':
        'Quelle carte entamer : le résultat en double mort de chaque entame, en moyenne sur des donnes tirées.\n'
        '\n'
        'Exemple : coinche lead "KT7.Q8.A9.K" --seat E --contract 100H --declarer S --samples 50',
    "The leader's 8 cards as spades.hearts.diamonds.clubs.":
        "Les 8 cartes de l'entameur en pique.cœur.carreau.trèfle.",
    "The leader's seat (the seat after the dealer).":
        "La place de l'entameur (celle qui suit le donneur).",
    "The contract: 100H, 80SA, capotS, '100H X' for coinched.":
        "Le contrat : 100H, 80SA, capotS, '100H X' s'il est coinché.",
    'The seat that bid it.':
        "La place qui l'a annoncé.",
    'Only ask whether the contract makes (threshold probes: faster, no point averages).':
        'Demande seulement si le contrat est réussi (sondes de seuil : plus rapide, pas de moyenne de points).',
    'Leads closer than this (score points; % with --set-only) count as equal (5).':
        'Des entames plus proches que cela (en points de marque ; en % avec --set-only) comptent comme égales (5).',
    "A match's score: each deal's score and the running totals toward the target\n"
    '(--rule target=N, 2000 by default), and when and how the match ends.\n'
    '\n'
    'The words after the points: X or XX, belote=NS, capot, lost-capot, generale,\n'
    "decl=NS:tierce,carre-J.  A line 'pass' is a deal passed out.\n"
    '\n'
    'Example: coinche match sheet.txt --rule target=1000':
        "Le score d'une partie : le score de chaque donne et les totaux cumulés vers le but (--rule target=N, 2000 par défaut), et quand et comment la partie se termine.\n"
        '\n'
        "Les mots après les points : X ou XX, belote=NS, capot, lost-capot, generale, decl=NS:tierce,carre-J.  Une ligne 'pass' est une donne où tout le monde a passé.\n"
        '\n'
        'Exemple : coinche match sheet.txt --rule target=1000',
    "The deals played: a record file (docs/formats.md), or one deal per line, 'CONTRACT DECLARER POINTS \\[words]' (100H S 122 belote=NS); '-' reads stdin.":
        "Les donnes jouées : un fichier de fiches (docs/formats.md), ou une donne par ligne, 'CONTRAT PRENEUR POINTS \\[mots]' (100H S 122 belote=NS) ; '-' lit l'entrée standard.",
    'The par contract and score, one optimal auction and why it ends there.  DEAL may\n'
    'be a record file (FILE.pbn): the par of each game, its dealer from the [Dealer].\n'
    '\n'
    'Example: coinche par example --dealer E':
        "Le contrat et le score du par, une séquence d'enchères optimale et pourquoi elle s'arrête là.  DONNE peut être un fichier de fiches (FICHIER.pbn) : le par de chaque partie, son donneur tiré de [Dealer].\n"
        '\n'
        'Exemple : coinche par example --dealer E',
    'The dealer; the seat after speaks and leads first (default N).':
        'Le donneur ; la place suivante parle et entame la première (par défaut N).',
    'An equal level in a higher strain overcalls (C<D<H<S<SA<TA).':
        'À niveau égal, un atout plus haut surenchérit (C<D<H<S<SA<TA).',
    'With a record file: write its games here (FILE.pbn) with a [Par] section added.':
        'Avec un fichier de fiches : écrit ses parties ici (FICHIER.pbn) avec une section [Par] en plus.',
    "Each card's double-dummy cost: the value before and after it, and the best\n"
    'cards where it was a mistake.  Values are N-S card points over the whole deal.\n'
    'DEAL may be a record file (FILE.pbn): each played game is reviewed, its strain,\n'
    'leader and play from the tags.\n'
    '\n'
    "With --from-seats, every card is judged from its player's seat too (--samples\n"
    'deals consistent with what that player could see) and marked: good by both, a\n'
    'mistake by both, bad luck (right from the seat, wrong on the deal) or lucky.\n'
    '\n'
    'Example: coinche review example --strain C --leader S --played "SQ S7 SA ST HK HQ HA H7"':
        "Le coût en double mort de chaque carte : la valeur avant et après elle, et les meilleures cartes là où c'était une faute.  Les valeurs sont les points de cartes de N-S sur toute la donne. DONNE peut être un fichier de fiches (FICHIER.pbn) : chaque partie jouée est revue, son atout, son entameur et son jeu tirés des étiquettes.\n"
        '\n'
        'Avec --from-seats, chaque carte est aussi jugée depuis la place de son joueur (--samples donnes compatibles avec ce que ce joueur pouvait voir) et marquée : bonne des deux façons, faute des deux façons, malchance (juste depuis la place, fausse sur la donne) ou chance.\n'
        '\n'
        'Exemple : coinche review example --strain C --leader S --played "SQ S7 SA ST HK HQ HA H7"',
    "Trumps: S H D C, SA or TA (a record file gives its contract's).":
        "L'atout : S H D C, SA ou TA (un fichier de fiches donne celui de son contrat).",
    'The cards played, in order: "SA S7 SQ ..." (the whole deal or a part; a record file gives its [Play]).':
        'Les cartes jouées, dans l\'ordre : "SA S7 SQ ..." (toute la donne ou une partie ; un fichier de fiches donne son [Play]).',
    'The seat that leads the first trick (default N).':
        'La place qui entame le premier pli (N par défaut).',
    'The dealer; the seat after leads.':
        'Le donneur ; la place suivante entame.',
    'With a record file: write its games here (FILE.pbn) with [OptimumPlay] added.':
        'Avec un fichier de fiches : écrit ses parties ici (FICHIER.pbn) avec [OptimumPlay] en plus.',
    'Judge each card also by what its player could know (sampled deals from that seat), beside the real deal.':
        'Juge aussi chaque carte selon ce que son joueur pouvait savoir (des donnes tirées depuis sa place), à côté de la vraie donne.',
    "With --from-seats: the contract with its declarer, '100H N' (a record file gives its own).":
        "Avec --from-seats : le contrat et son preneur, '100H N' (un fichier de fiches donne le sien).",
    'Which card: every legal card solved on deals consistent with what you can know.\n'
    '\n'
    'Example: coinche play 7.AJ9.KT.J8 --seat S --contract 100H --declarer N --leader W     --played "HK H8 D7" --samples 30 --seed 1':
        'Quelle carte jouer : chaque carte légale résolue sur des donnes compatibles avec ce que vous pouvez savoir.\n'
        '\n'
        'Exemple : coinche play 7.AJ9.KT.J8 --seat S --contract 100H --declarer N --leader W --played "HK H8 D7" --samples 30 --seed 1',
    'Your cards as spades.hearts.diamonds.clubs (those left, or all 8).':
        'Vos cartes en pique.cœur.carreau.trèfle (celles qui restent, ou les 8).',
    'The contract: 100H, 80SA, capotS...':
        'Le contrat : 100H, 80SA, capotS...',
    "The declarer's seat.":
        'La place du preneur.',
    'The cards played so far, in order: "SA S7 SQ ...".':
        'Les cartes jouées jusqu\'ici, dans l\'ordre : "SA S7 SQ ...".',
    'The first leader of the deal.':
        'Le premier entameur de la donne.',
    'The dealer (the seat after leads).':
        'Le donneur (la place suivante entame).',
    "The real deal, to show each card's exact value on it beside the average.":
        'La vraie donne, pour montrer à côté de la moyenne la valeur exacte de chaque carte sur elle.',
    'The auction, from the seat after the dealer (needs --dealer): the hidden hands then fit every call under the default system.':
        'Les enchères, depuis la place qui suit le donneur (il faut --dealer) : les mains cachées suivent alors chaque annonce selon le système par défaut.',
    "Seats that announced belote when playing the first of their K and Q of trumps: 'E' (at TA with the suit: 'E:H').":
        "Les places qui ont annoncé la belote en jouant le premier de leurs roi et dame d'atout : 'E' (à TA avec la couleur : 'E:H').",
    'Cards a seat showed by announcing a declaration: E:HA,HK,HQ (repeatable).':
        "Les cartes qu'une place a montrées en faisant une annonce : E:HA,HK,HQ (répétable).",
    'Play a deal out with realistic players: each sees only its own hand and the play,\n'
    'and at each turn plays the card with the best average over --worlds deals of the\n'
    'hidden cards, solved exactly (perfect-information Monte Carlo).\n'
    '\n'
    'Example: coinche playout example --contract "100C S" --leader S --worlds 20 --seed 1':
        "Joue une donne jusqu'au bout avec des joueurs réalistes : chacun ne voit que sa main et le jeu, et à chaque tour joue la carte de meilleure moyenne sur --worlds donnes des cartes cachées, résolues exactement (Monte Carlo à information parfaite).\n"
        '\n'
        'Exemple : coinche playout example --contract "100C S" --leader S --worlds 20 --seed 1',
    "The contract with its declarer: '100H N'.":
        "Le contrat et son preneur : '100H N'.",
    "Who plays how: 'N=dd,S=dd' (dd: double dummy, seeing every card); the others PIMC.":
        "Qui joue comment : 'N=dd,S=dd' (dd : double mort, voit toutes les cartes) ; les autres en PIMC.",
    'Deals of the hidden cards each PIMC player solves at each of its decisions.':
        'Les donnes des cartes cachées que chaque joueur PIMC résout à chacune de ses décisions.',
    'Cards closer than this (card points) count as equal; --worlds is then the most worlds a decision solves (5).':
        "Des cartes plus proches que cela (en points de cartes) comptent comme égales ; --worlds est alors le nombre maximal de mondes qu'une décision résout (5).",
    'The longest a PIMC decision may take (0.2, 200ms); --worlds is then the most worlds it solves.':
        "La durée maximale d'une décision PIMC (0.2, 200ms) ; --worlds est alors le nombre maximal de mondes qu'elle résout.",
    'Play a match at one seat against bots: bid and play your cards as prompted (in\n'
    'English or French: 100H, 100 coeur, passe, contre; cards like HJ or VC), read the\n'
    'review after each deal.  Type quit to stop; Ctrl-C stops too, and --out keeps the\n'
    'deals played.\n'
    '\n'
    'Example: coinche game --seat S --partner heuristic --opponents heuristic --target 1000 --seed 7 --review 0':
        'Joue une partie à une place contre des robots : annoncez et jouez vos cartes quand on vous le demande (en anglais ou en français : 100H, 100 coeur, passe, contre ; des cartes comme HJ ou VC), lisez la revue après chaque donne.  Tapez quit pour arrêter ; Ctrl-C arrête aussi, et --out garde les donnes jouées.\n'
        '\n'
        'Exemple : coinche game --seat S --partner heuristic --opponents heuristic --target 1000 --seed 7 --review 0',
    'The bots: pimc, heuristic, random or dd (dd sees every card).':
        'Les robots : pimc, heuristic, random ou dd (dd voit toutes les cartes).',
    "The match ends when a side reaches it (default: the rules', 2000).":
        "Le but de la partie : elle se termine quand un camp l'atteint (par défaut : celui des règles, 2000).",
    'The first dealer; then each seat in turn.':
        'Le premier donneur ; puis chaque place à son tour.',
    'Deals of the hidden cards a PIMC bot solves for each card.':
        "Les donnes des cartes cachées qu'un robot PIMC résout pour chaque carte.",
    'Deals a PIMC bot solves for each call.':
        "Les donnes qu'un robot PIMC résout pour chaque annonce.",
    'After each deal, review the auction and the cards on this many deals (0: no review).':
        'Après chaque donne, revoit les enchères et les cartes sur autant de donnes (0 : pas de revue).',
    "Write the match's records there (PBN), also when stopped with Ctrl-C.":
        'Écrit là les fiches de la partie (PBN), aussi quand elle est arrêtée par Ctrl-C.',
    'Go on with the match saved in this record file.':
        'Reprend la partie enregistrée dans ce fichier de fiches.',
    'Solve problems one by one: type a card (English or French), get the exact verdict, the\n'
    'solution line and the costs of the other cards; your rating moves after each answer.\n'
    '\n'
    'Type ? for a hint, quit to stop. Example: coinche practice --strain H --count 10 --seed 1':
        'Résolvez des problèmes un par un : tapez une carte (en anglais ou en français), recevez le verdict exact, la ligne de jeu de la solution et le coût des autres cartes ; votre classement bouge après chaque réponse.\n'
        '\n'
        'Tapez ? pour un indice, quit pour arrêter. Exemple : coinche practice --strain H --count 10 --seed 1',
    'Only problems of this theme.':
        'Seulement les problèmes de ce thème.',
    'four-hands (all cards shown), seat or bidding.':
        'four-hands (toutes les cartes visibles), seat (une main) ou bidding (enchères).',
    'Only problems in this strain: S H D C, SA or TA.':
        'Seulement les problèmes à cet atout : S H D C, SA ou TA.',
    'Stop after this many problems (default: until quit or the end of the input).':
        "S'arrête après autant de problèmes (par défaut : jusqu'à quit ou la fin de l'entrée).",
    'The rating file (default: practice-rating.json in the data directory).':
        'Le fichier du classement (par défaut : practice-rating.json dans le dossier des données).',
    'Score one deal, with the arithmetic step by step, under the rules of docs/rules.md\n'
    '(the basic game by default, or the variants given with --rule).\n'
    '\n'
    'Example: coinche score 100C --by NS --points 122   (NS 220, EW 40)':
        'Marque une donne, avec le calcul pas à pas, selon les règles de docs/rules.md (le jeu de base par défaut, ou les variantes données avec --rule).\n'
        '\n'
        'Exemple : coinche score 100C --by NS --points 122   (NS 220, EW 40)',
    'Rules variants for --rule NAME=VALUE (default shown):':
        'Les variantes des règles pour --rule NOM=VALEUR (valeur par défaut indiquée) :',
    "must_undertrump=true: a void player must trump under an opponent's winning trump (false: southern rule)":
        "must_undertrump=true: un joueur qui n'a plus la couleur demandée doit couper, même sous l'atout maître d'un adversaire (false : règle du sud)",
    'must_overtrump_partner=true: on a trump lead, beat the highest trump even when partner holds it':
        "must_overtrump_partner=true: sur une entame à l'atout, il faut monter sur le plus fort atout même quand le partenaire le tient",
    'ta_table=j14: tout atout points: j14 (seed 000), j13 (seed 001), scaled (seed 003, to 152)':
        'ta_table=j14: les points à tout atout : j14 (seed 000), j13 (seed 001), scaled (seed 003, ramenés à 152)',
    'sa_table=a19: sans atout points: a19 (seeds 000, 001), scaled (seed 003, to 152)':
        'sa_table=a19: les points à sans atout : a19 (seeds 000, 001), scaled (seed 003, ramenés à 152)',
    "sa_ta=true: SA and TA may be bid (false: seed 000's basic game, suits only)":
        'sa_ta=true: on peut annoncer SA et TA (false : le jeu de base de seed 000, couleurs seulement)',
    "belote=true: belote scores 20 (false: seed 000's 'not even belote')":
        'belote=true: la belote vaut 20 (false : « pas même la belote » de seed 000)',
    'belote_in_ta=false: belote in tout atout, one per K+Q pair of a suit (seed 000)':
        "belote_in_ta=false: belote à tout atout, une par paire R+D d'une couleur (seed 000)",
    'belote_anyone=false: any player may claim belote, not only the bidders (seed 000)':
        'belote_anyone=false: tout joueur peut annoncer la belote, pas seulement le camp du preneur (seed 000)',
    'declarations=false: announcements are scored: sequences and carres (seeds 000, 002, 004)':
        'declarations=false: les annonces sont comptées : suites et carrés (seeds 000, 002, 004)',
    'declarations_first_wins=false: equal best sequences: the first announced wins instead of cancelling':
        'declarations_first_wins=false: à meilleures suites égales, la première annoncée gagne au lieu de les annuler',
    'carre_apart=false: sequences still score against a carre (seed 002)':
        'carre_apart=false: les suites comptent encore face à un carré (seed 002)',
    'card_once=false: a card counts in a carre or in a sequence, not both (seed 002)':
        'card_once=false: une carte compte dans un carré ou dans une suite, pas les deux (seed 002)',
    'must_outscore=false: the bidders must also outscore the defenders (seeds 000, 002)':
        'must_outscore=false: le camp du preneur doit aussi faire plus que la défense (seeds 000, 002)',
    'coinche_whole_score=false: a coinche multiplies the whole score (seeds 000, 004)':
        'coinche_whole_score=false: une coinche multiplie tout le score (seeds 000, 004)',
    'coinche_takes_all=false: coinched: made, tricks + bid x mult; failed, 162 + bid x mult; losers 0 (seed 002)':
        'coinche_takes_all=false: coinché : réussi, plis + enchère x mult ; chuté, 162 + enchère x mult ; les perdants 0 (seed 002)',
    "belote_to_defenders=false: a failed contract's belote goes to the defenders (seed 000)":
        "belote_to_defenders=false: la belote d'un contrat chuté va à la défense (seed 000)",
    "failed_capot=500: the defenders' score for a failed capot bid: 500 or 410 (seed 000)":
        'failed_capot=500: le score de la défense pour un capot annoncé et chuté : 500 ou 410 (seed 000)',
    'capot_only_if_bid=false: an unbid capot scores as any made contract (seed 000)':
        'capot_only_if_bid=false: un capot non annoncé se marque comme tout contrat réussi (seed 000)',
    'capot_any_side=false: defenders who take every trick score 250 in place of 160 (seeds 001, 004)':
        'capot_any_side=false: une défense qui fait tous les plis marque 250 au lieu de 160 (seeds 001, 004)',
    'unbid_generale=false: one player taking every trick unbid scores 500 (seeds 001, 004)':
        "unbid_generale=false: un joueur qui fait seul tous les plis sans l'avoir annoncé marque 500 (seeds 001, 004)",
    'capot_coinche=false: a capot bid may be coinched and surcoinched (seed 000)':
        'capot_coinche=false: un capot annoncé peut être coinché et surcoinché (seed 000)',
    'bid_only=false: a made contract scores only the bid, not the points (seed 000)':
        "bid_only=false: un contrat réussi ne marque que l'enchère, pas les points (seed 000)",
    'rounding=true: scores rounded to the nearest 10, 5 up (false: seed 003)':
        'rounding=true: scores arrondis à la dizaine la plus proche, 5 vers le haut (false : seed 003)',
    'declarations_count=false: declarations count toward the contract, like belote (seeds 000, 003, 004)':
        'declarations_count=false: les annonces comptent pour le contrat, comme la belote (seeds 000, 003, 004)',
    'max_level=160: the highest numbered bid, 160 to 240 by 10, as announcements allow (seeds 000, 004)':
        'max_level=160: la plus haute enchère chiffrée, de 160 à 240 par 10, selon ce que les annonces permettent (seeds 000, 004)',
    'plus_two=80: bids needing 2 more: 80 (82 for 80), none, all (seed 000)':
        'plus_two=80: les enchères qui demandent 2 de plus : 80 (82 pour 80), none (aucune), all (toutes) (seed 000)',
    "tie_held=false: a litige holds the bidders' points for the next deal (seed 001)":
        'tie_held=false: un litige met de côté les points du camp du preneur pour la donne suivante (seed 001)',
    'surcoinche=4: the surcoinche multiplier: 4, or 3 (seeds 000, 002, 004)':
        'surcoinche=4: le multiplicateur de la surcoinche : 4, ou 3 (seeds 000, 002, 004)',
    'generale=false: a generale bid is allowed (seed 000)':
        'generale=false: on peut annoncer une générale (seed 000)',
    'suit_ranking=false: an equal level in a higher strain overcalls, C<D<H<S<SA<TA (seed 000)':
        'suit_ranking=false: à niveau égal, un atout plus haut surenchérit, C<D<H<S<SA<TA (seed 000)',
    'coinche_in_turn=false: a coinche only in turn (seed 000)':
        "coinche_in_turn=false: on ne coinche qu'à son tour (seed 000)",
    'contree=false: a coinche in turn does not end the auction; three passes do (seed 000)':
        'contree=false: une coinche à son tour ne termine pas les enchères ; trois passes les terminent (seed 000)',
    'target=2000: the match target: 2000, or any agreed number (1001 seed 001, 501 seed 002)':
        'target=2000: le but de la partie : 2000, ou tout nombre convenu (1001 seed 001, 501 seed 002)',
    'trump_sequence_first=false: a trump sequence beats a plain one of its kind, whatever its cards (seed 004)':
        "trump_sequence_first=false: une suite à l'atout bat une suite ordinaire de même sorte, quelles que soient ses cartes (seed 004)",
    'generale_leads=false: the declarer of a generale leads the first trick (seed 000)':
        "generale_leads=false: le preneur d'une générale entame le premier pli (seed 000)",
    'The bid, read as every command reads one: 100H, or 100 H in two words; the level 80 to 160 by 10 (up to --rule max_level) or capot.':
        "L'enchère, lue comme toutes les commandes la lisent : 100H, ou 100 H en deux mots ; le niveau de 80 à 160 par 10 (jusqu'à --rule max_level) ou capot.",
    'The bidding side: NS or EW.':
        'Le camp du preneur : NS ou EW.',
    "The bidding side's card points, 0..162 (dix de der included, belote excluded).":
        'Les points de cartes du camp du preneur, 0..162 (dix de der compris, belote non comprise).',
    'Trumps, when BID is the level alone: S H D C, SA (no trump) or TA (all trump).':
        "L'atout, quand ENCHÈRE n'est que le niveau : S H D C, SA (sans atout) ou TA (tout atout).",
    'A side that holds and claims belote: NS or EW; repeat it for each belote (tout atout with --rule belote_in_ta=true).':
        'Un camp qui a et annonce la belote : NS ou EW ; répétez-le pour chaque belote (à tout atout avec --rule belote_in_ta=true).',
    "A side's announcements, SIDE:KIND,KIND: NS:tierce,carre-J, EW:quinte-K; repeatable; compared as the rules say.":
        "Les annonces d'un camp, CAMP:SORTE,SORTE : NS:tierce,carre-J, EW:quinte-K ; répétable ; comparées comme le disent les règles.",
    'The contract was coinched (x2).':
        'Le contrat a été coinché (x2).',
    'The contract was surcoinched (x4, or the surcoinche rule).':
        'Le contrat a été surcoinché (x4, ou selon la règle surcoinche).',
    'The bidding side took every trick.':
        'Le camp du preneur a fait tous les plis.',
    'The defenders took every trick (scored with --rule capot_any_side=true).':
        'La défense a fait tous les plis (marqué avec --rule capot_any_side=true).',
    'The side that took every trick did so with one player alone.':
        'Le camp qui a fait tous les plis les a faits avec un seul joueur.',
    'Do not round scores to the nearest 10.':
        "N'arrondit pas les scores à la dizaine la plus proche.",
    'Print JSON (keys ns_score, ew_score, ..., steps: the arithmetic).':
        'Écrit du JSON (clés ns_score, ew_score, ..., steps : le calcul).',
    "Bots against bots: the mean of the N-S bots' score minus the E-W bots' per deal,\n"
    'with its 95% confidence interval (in duplicate, summed over the two tables of a deal).\n'
    '\n'
    'The deals are played on local processes (--workers), or on Dask: a cluster started\n'
    'here (--cluster local:N) or an existing scheduler (--scheduler tcp://HOST:8786); the\n'
    'results are the same whatever runs them.\n'
    '\n'
    'Example: coinche selfplay --deals 2 --ns pimc --ew heuristic --duplicate --seed 1':
        "Des robots contre des robots : la moyenne par donne du score des robots N-S moins celui des robots E-O, avec son intervalle de confiance à 95 % (en duplicate, sommé sur les deux tables d'une donne).\n"
        '\n'
        'Les donnes sont jouées sur des processus locaux (--workers), ou sur Dask : une grappe lancée ici (--cluster local:N) ou un ordonnanceur existant (--scheduler tcp://HOST:8786) ; les résultats sont les mêmes quoi qui les calcule.\n'
        '\n'
        'Exemple : coinche selfplay --deals 2 --ns pimc --ew heuristic --duplicate --seed 1',
    'Deals to play, 2 or more (a confidence interval needs two).':
        'Les donnes à jouer, 2 ou plus (un intervalle de confiance en demande deux).',
    'The N-S bots: pimc, heuristic, random or dd (dd sees every card).':
        'Les robots N-S : pimc, heuristic, random ou dd (dd voit toutes les cartes).',
    'The E-W bots.':
        'Les robots E-O.',
    'Play each deal twice, the bots exchanging seats (a fairer comparison).':
        'Joue chaque donne deux fois, les robots échangeant leurs places (une comparaison plus juste).',
    'PIMC: deals of the hidden cards per card.':
        'PIMC : les donnes des cartes cachées par carte.',
    'PIMC: deals per call.':
        'PIMC : les donnes par annonce.',
    'A Dask scheduler, tcp://HOST:8786 (the dask extra).':
        "Un ordonnanceur Dask, tcp://HOST:8786 (l'extra dask).",
    'local:N starts a Dask LocalCluster of N workers here.':
        'local:N lance ici une LocalCluster Dask de N workers.',
    "Write every deal's record there (PBN).":
        'Écrit là la fiche de chaque donne (PBN).',
    'Serve the analysis board: the deal, its table, the play card by card, bidding\n'
    'advice and practice problems on a web page, with its JSON API under /api.\n'
    '\n'
    'The server runs until Ctrl-C (or SIGTERM): the first stops it after cancelling the\n'
    'advice under way, a second at once. With --open the page opens in the web browser.':
        "Sert le tableau d'analyse : la donne, son tableau en double mort, le jeu carte par carte, le conseil d'enchères et des problèmes d'entraînement sur une page web, avec son API JSON sous /api.\n"
        '\n'
        "Le serveur tourne jusqu'à Ctrl-C (ou SIGTERM) : le premier l'arrête après avoir annulé le conseil en cours, un second aussitôt. Avec --open la page s'ouvre dans le navigateur.",
    'Address to listen on: 127.0.0.1 (this machine only) or 0.0.0.0 (every network the machine is on).':
        "L'adresse d'écoute : 127.0.0.1 (cette machine seulement) ou 0.0.0.0 (tous les réseaux où est la machine).",
    'Port to listen on.':
        "Le port d'écoute.",
    'Open the page in the web browser.':
        'Ouvre la page dans le navigateur.',
    'Another name the board answers to (repeatable): a name of this machine on the network. Requests naming any other host are refused.':
        'Un autre nom auquel le tableau répond (répétable) : un nom de cette machine sur le réseau. Les requêtes qui nomment un autre hôte sont refusées.',
    "A password every API request must carry; the page takes it from the link this command prints. For a classroom's network.":
        "Un mot de passe que chaque requête à l'API doit porter ; la page le prend dans le lien que cette commande écrit. Pour le réseau d'une salle de classe.",
    'Show a deal; with --strain (and --played) the position reached, the tricks won\n'
    'so far and the legal cards of the player to move.\n'
    '\n'
    'Example: coinche show example --strain H --leader N --played "SA S8 SQ S7"':
        "Montre une donne ; avec --strain (et --played), la position atteinte, les plis faits jusqu'ici et les cartes légales du joueur qui a la main.\n"
        '\n'
        'Exemple : coinche show example --strain H --leader N --played "SA S8 SQ S7"',
    'Trumps: S H D C, SA or TA.':
        "L'atout : S H D C, SA ou TA.",
    'Cards played so far, in order: "SA S7 SQ ...".':
        'Les cartes jouées jusqu\'ici, dans l\'ordre : "SA S7 SQ ...".',
    "Must undertrump an opponent's winning trump (default) or may discard.":
        "Il faut couper, même sous l'atout maître d'un adversaire (par défaut), ou on peut se défausser.",
    "On a trump lead, must beat even the partner's trump (default).":
        "Sur une entame à l'atout, il faut monter même sur l'atout du partenaire (par défaut).",
    'Tout atout card points: j14 (J 14, A 6; default) or j13 (J 13, A 7).':
        'Les points de cartes à tout atout : j14 (V 14, A 6 ; par défaut) ou j13 (V 13, A 7).',
    'Solve a deal double dummy: the points each side takes under\n'
    "perfect play, whether a side can force capot, and every legal card's value and cost\n"
    'against the best card.\n'
    '\n'
    'Example: coinche solve example --strain H --leader N --played "SA S8"\n'
    '\n'
    'With --file, solve a file of problems (- for stdin) in order:\n'
    '\n'
    'One problem a line: the deal, then key=value fields, e.g.\n'
    '\n'
    '    N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 strain=H leader=N played="SA S8"\n'
    '\n'
    "The deal is PBN text as on the command line, or the word example. Fields: strain (required: S H D C SA TA); leader or dealer (default: N leads); played (the cards from the first lead, quoted with spaces or joined by commas); undertrump=yes|no, overtrump_partner=yes|no, ta_table=j14|j13 and rule=NAME=VALUE (repeatable, as --rule) set the line's rules (default: the rules options of the command line). Blank lines and # comments are skipped.\n"
    '\n'
    'A bad line is reported as "line N: message" on stderr (with --json also as {"line": N, "error": message} in its place in the output); the other lines are still solved, and the exit code is then 1.\n'
    '\n'
    'Exit codes: 0 done; 1 some line of --file was bad; 2 bad input on the command line.':
        'Résout une donne en double mort : les points que chaque camp fait en jouant parfaitement, si un camp peut imposer le capot, et la valeur de chaque carte légale et son coût face à la meilleure carte.\n'
        '\n'
        'Exemple : coinche solve example --strain H --leader N --played "SA S8"\n'
        '\n'
        "Avec --file, résout dans l'ordre un fichier de problèmes (- pour l'entrée standard) :\n"
        '\n'
        'Un problème par ligne : la donne, puis des champs clé=valeur, par exemple\n'
        '\n'
        '    N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9 strain=H leader=N played="SA S8"\n'
        '\n'
        'La donne est du texte PBN comme sur la ligne de commande, ou le mot example. Les champs : strain (obligatoire : S H D C SA TA) ; leader ou dealer (par défaut : N entame) ; played (les cartes depuis la première entame, entre guillemets avec des espaces ou jointes par des virgules) ; undertrump=yes|no, overtrump_partner=yes|no, ta_table=j14|j13 et rule=NOM=VALEUR (répétable, comme --rule) fixent les règles de la ligne (par défaut : les options de règles de la ligne de commande). Les lignes vides et les commentaires # sont sautés.\n'
        '\n'
        'Une ligne erronée est signalée par "line N: message" sur stderr (avec --json, aussi par {"line": N, "error": message} à sa place dans la sortie) ; les autres lignes sont quand même résolues, et le code de sortie est alors 1.\n'
        '\n'
        'Codes de sortie : 0 fini ; 1 une ligne de --file était erronée ; 2 saisie erronée sur la ligne de commande.',
    'A file of problems, one a line (- for stdin); see above.':
        "Un fichier de problèmes, un par ligne (- pour l'entrée standard) ; voir plus haut.",
    'Print JSON (with --file: one JSON object a line, in input order).':
        "Écrit du JSON (avec --file : un objet JSON par ligne, dans l'ordre de l'entrée).",
    "The double-dummy table: each side's card points per strain, its highest\n"
    'makeable bid (82 for 80, belote counted) and capot.  DEAL may be a record file\n'
    '(FILE.pbn): a table for each game, its leader from the [Dealer].\n'
    '\n'
    'Example: coinche table example --dealer E':
        'Le tableau en double mort : les points de cartes de chaque camp à chaque atout, sa plus haute enchère réussie (82 pour 80, belote comptée) et le capot.  DONNE peut être un fichier de fiches (FICHIER.pbn) : un tableau pour chaque partie, son entameur tiré de [Dealer].\n'
        '\n'
        'Exemple : coinche table example --dealer E',
    'The seat that leads the first trick (default: all four).':
        'La place qui entame le premier pli (par défaut : les quatre).',
    'Threads to solve the table on (default: one per core).':
        'Les threads qui résolvent la table (par défaut : un par processeur).',
    'With a record file: write its games here (FILE.pbn) with a [DoubleDummy] table added.':
        'Avec un fichier de fiches : écrit ses parties ici (FICHIER.pbn) avec un tableau [DoubleDummy] en plus.',
    'Problems mined from bot play, with exact solutions (docs/problems.md).':
        'Des problèmes tirés du jeu des robots, avec des solutions exactes (docs/problems.md).',
    'Bid and play deals with the heuristic bot and keep the positions (calls) where one\n'
    'answer is clearly right, near-duplicates left out; rate each problem from the players who\n'
    'miss it.  The deals run on local processes (--workers), or on Dask (--cluster local:N,\n'
    '--scheduler tcp://HOST:8786); the set is the same whatever runs it.  Ctrl-C writes what\n'
    'was mined so far.\n'
    '\n'
    'Runs of one seed over consecutive deals (--start, --deals) are joined by\n'
    '"coinche problems merge" into the set one run over all of them mines.\n'
    '\n'
    'Example: coinche problems mine --seed 1 --count 20 --seat 10 --bidding 10 --out p.json':
        "Annonce et joue des donnes avec le robot heuristique et garde les positions (et les annonces) où une réponse est clairement juste, sans les quasi-doublons ; cote chaque problème d'après les joueurs qui le ratent.  Les donnes tournent sur des processus locaux (--workers), ou sur Dask (--cluster local:N, --scheduler tcp://HOST:8786) ; la série est la même quoi qui la calcule.  Ctrl-C écrit ce qui a été trouvé jusque-là.\n"
        '\n'
        'Les passages d\'une même graine sur des donnes consécutives (--start, --deals) se joignent avec « coinche problems merge » en la série qu\'un seul passage sur toutes ces donnes trouve.\n'
        '\n'
        'Exemple : coinche problems mine --seed 1 --count 20 --seat 10 --bidding 10 --out p.json',
    'The first deal of the run (deal numbers go on from it).':
        'La première donne du passage (les numéros de donne continuent à partir d\'elle).',
    'Mine at most this many deals.':
        'Parcourt au plus autant de donnes.',
    'Join problem files mined from one seed on consecutive ranges of deals (mine --start\n'
    '--deals) into the set one run over all the deals writes: the deals\' order, near-duplicates\n'
    'left out, at most --count, --seat, --bidding of each kind, rated again together.\n'
    '\n'
    'Example: coinche problems merge a.json b.json --bidding 500 --out p.json':
        "Joint des fichiers de problèmes trouvés avec une même graine sur des plages de donnes consécutives (mine --start --deals) en la série qu'écrit un seul passage sur toutes ces donnes : l'ordre des donnes, sans les quasi-doublons, au plus --count, --seat, --bidding de chaque sorte, cotés de nouveau ensemble.\n"
        '\n'
        'Exemple : coinche problems merge a.json b.json --bidding 500 --out p.json',
    'Problem files of one seed, mined on consecutive ranges of deals.':
        "Des fichiers de problèmes d'une même graine, trouvés sur des plages de donnes consécutives.",
    'Keep at most this many four-hands problems.':
        'Garde au plus autant de problèmes à quatre jeux.',
    'Keep at most this many seat problems.':
        'Garde au plus autant de problèmes à une main.',
    'Keep at most this many bidding problems.':
        "Garde au plus autant de problèmes d'enchères.",
    'Only problems of the shipped set of this difficulty: easy, medium or hard (by rating).':
        'Seulement les problèmes de la série livrée de cette difficulté : easy, medium ou hard (selon la cote).',
    'The seed, 0 or more: the same seed mines the same set.':
        'La graine, 0 ou plus : la même graine trouve la même série.',
    'The problem file to write (JSON).':
        'Le fichier de problèmes à écrire (JSON).',
    'Four-hands problems to keep.':
        'Les problèmes à quatre jeux à garder.',
    'Seat problems to keep.':
        'Les problèmes à une main à garder.',
    'Bidding problems to keep.':
        "Les problèmes d'enchères à garder.",
    'One problem: the deal, the contract, the goal, the solution and its line, the costs.':
        'Un problème : la donne, le contrat, le but, la solution et sa ligne de jeu, les coûts.',
    "The problem's id.":
        'Le numéro du problème.',
    'A problem file (default: the shipped set).':
        'Un fichier de problèmes (par défaut : la série livrée).',
    'Solve every problem again: exit 1 when a solution or a cost is no longer exact.':
        "Résout de nouveau chaque problème : code de sortie 1 quand une solution ou un coût n'est plus exact.",
    'Exact results over many deals, grouped by hand features (docs/studies.md).':
        'Des résultats exacts sur de nombreuses donnes, groupés par caractéristiques des mains (docs/studies.md).',
    'Solve many deals into DIRECTORY, resuming a stopped study, and group them.\n'
    '\n'
    'Run again with more --deals, a study solves only the new deals.\n'
    '\n'
    'The statistics grouped by features go to aggregates.json, aggregates.csv and plots/.\n'
    '\n'
    'Example: coinche study run hearts --deals 200 --strains H --by trump_J,trumps --seed 7':
        'Résout de nombreuses donnes dans DOSSIER, en reprenant une étude arrêtée, et les groupe.\n'
        '\n'
        'Relancée avec plus de --deals, une étude ne résout que les nouvelles donnes.\n'
        '\n'
        'Les statistiques groupées par caractéristiques vont dans aggregates.json, aggregates.csv et plots/.\n'
        '\n'
        'Exemple : coinche study run hearts --deals 200 --strains H --by trump_J,trumps --seed 7',
    "The study's directory (created, or resumed).":
        "Le dossier de l'étude (créé, ou repris).",
    'Deals to solve.':
        'Les donnes à résoudre.',
    'Random seed: the same seed gives the same deals on every backend.':
        "Graine aléatoire : la même graine donne les mêmes donnes sur chaque moteur d'exécution.",
    'Strains to solve, among S H D C SA TA (default: all six).':
        'Les atouts à résoudre, parmi S H D C SA TA (par défaut : les six).',
    'First leaders, like W or NESW.':
        'Les premiers entameurs, comme W ou NESW.',
    'Whose hand the features describe (and is fixed with --hand); the statistics are of its side.':
        'La place dont les caractéristiques décrivent la main (et qui est fixée par --hand) ; les statistiques sont celles de son camp.',
    'A hand fixed at --seat, like AJ9.A7.KT.J; default: uniform random deals.':
        'Une main fixée en --seat, comme AJ9.A7.KT.J ; par défaut : des donnes uniformément au hasard.',
    'Deal only deals that pass this test, like "trump_J and trump_9" (evaluated in the first strain; recorded with the study).':
        'Ne distribue que les donnes qui passent ce test, comme "trump_J and trump_9" (évalué au premier atout ; enregistré avec l\'étude).',
    "Store each deal's double-dummy tricks too, for their distribution (about 40% more CPU; recorded with the study).":
        "Garde aussi les plis en double mort de chaque donne, pour leur distribution (environ 40 % de calcul en plus ; enregistré avec l'étude).",
    'Features to group by, comma separated: trumps, trump_J, trump_9, trump_A, trump_10, trump_K, trump_Q, honours, side_aces, side_tens, belote, points, points10, shape (of the seat, or of whose hands before a dot: N. E. S. W. seat. partner. left. right. side. them.); of the deal: split, jack_at, nine_at, belote_side, longest.':
        'Les caractéristiques par lesquelles grouper, séparées par des virgules : trumps, trump_J, trump_9, trump_A, trump_10, trump_K, trump_Q, honours, side_aces, side_tens, belote, points, points10, shape (de la place, ou des mains nommées avant un point : N. E. S. W. seat. partner. left. right. side. them.) ; de la donne : split, jack_at, nine_at, belote_side, longest.',
    "Features of the seat's hand, or of its side (both hands).":
        'Les caractéristiques de la main de la place, ou de son camp (les deux mains).',
    'Deals a chunk.':
        'Les donnes par lot.',
    'process or thread, here.':
        'process ou thread, ici.',
    'Local workers (default: every core); chunks in flight on Dask.':
        'Les workers locaux (par défaut : un par processeur) ; les lots en cours sur Dask.',
    'Tries again a failed chunk this many times.':
        'Réessaie autant de fois un lot qui a échoué.',
    'Start anew a directory holding another study.':
        'Recommence à neuf dans un dossier qui contient une autre étude.',
    'Draw plots/*.png (needs matplotlib).':
        'Dessine plots/*.png (il faut matplotlib).',
    "Print a study's statistics: those it wrote, or grouped anew with --by.\n"
    '\n'
    'Example: coinche study show hearts --by honours\n'
    '\n'
    'Example: coinche study show hearts --distribution tricks':
        "Écrit les statistiques d'une étude : celles qu'elle a écrites, ou regroupées à nouveau avec --by.\n"
        '\n'
        'Exemple : coinche study show hearts --by honours\n'
        '\n'
        'Exemple : coinche study show hearts --distribution tricks',
    "A study's directory.":
        "Le dossier d'une étude.",
    'Group anew by these features (the files are read again, nothing is solved).':
        "Regroupe selon ces caractéristiques (les fichiers sont relus, rien n'est résolu).",
    'seat or side (with --by).':
        'seat (la place) ou side (le camp) (avec --by).',
    "Whose hand and side: any seat, regrouped from the files (default: the study's).":
        "La main et le camp de qui : n'importe quelle place, regroupée depuis les fichiers (par défaut : celle de l'étude).",
    'Keep the deals that pass this test, like "trump_J and trump_9" or "side.trumps >= 5 and split == \'2-1\'" (docs/studies.md).':
        'Garde les donnes qui passent ce test, comme "trump_J and trump_9" ou "side.trumps >= 5 and split == \'2-1\'" (docs/studies.md).',
    "Print the distribution of the side's points or tricks (a study run with --tricks): the share of deals at each value.":
        'Écrit la distribution des points ou des plis du camp (pour une étude lancée avec --tricks) : la part des donnes à chaque valeur.',
    "Score contracts on a study's deals and compare them on the same deals.\n"
    '\n'
    "Per contract: the side's score minus the other side's a deal, the share of deals it\n"
    "succeeds, its score's quantiles, and its difference with the best contract with the\n"
    'paired standard error. Nothing is solved.\n'
    '\n'
    'Example: coinche study score hearts --contract 80H --contract 100H --where "trump_J and trump_9"\n'
    '\n'
    'Example: coinche study score hearts --contract 80H --contract 100H --by trumps':
        "Marque des contrats sur les donnes d'une étude et les compare sur les mêmes donnes.\n"
        '\n'
        "Par contrat : le score du camp moins celui de l'autre camp par donne, la part des donnes où il réussit, les quantiles de son score, et son écart au meilleur contrat avec l'erreur type appariée. Rien n'est résolu.\n"
        '\n'
        'Exemple : coinche study score hearts --contract 80H --contract 100H --where "trump_J and trump_9"\n'
        '\n'
        'Exemple : coinche study score hearts --contract 80H --contract 100H --by trumps',
    'A contract to score, like 100H or 80SA E X (declared by --seat unless it names a seat); repeat it to compare contracts on the same deals.':
        "Un contrat à marquer, comme 100H ou 80SA E X (pris par --seat s'il ne nomme pas de place) ; répétez-le pour comparer des contrats sur les mêmes donnes.",
    'The first leader (one the study solved; default its only one).':
        "Le premier entameur (un de ceux que l'étude a résolus ; par défaut son seul).",
    "Whose side's score (default: the study's seat).":
        "Le score du camp de qui (par défaut : la place de l'étude).",
    'Compare them on each group of deals sharing these features too (as --by groups in run and show).':
        'Les compare aussi sur chaque groupe de donnes qui partagent ces caractéristiques (comme --by groupe dans run et show).',
}


#: typer's own words in the help (:mod:`typer.rich_utils`), by constant: its English, its French.
#: A typer whose English differs keeps its own words (``tests/test_help_fr.py`` says so).
TYPER_WORDS: dict[str, tuple[str, str]] = {
    "ARGUMENTS_PANEL_TITLE": ("Arguments", "Arguments"),
    "OPTIONS_PANEL_TITLE": ("Options", "Options"),
    "COMMANDS_PANEL_TITLE": ("Commands", "Commandes"),
    "DEFAULT_STRING": ("[default: {}]", "[défaut : {}]"),
    "REQUIRED_LONG_STRING": ("[required]", "[obligatoire]"),
    "ENVVAR_STRING": ("[env var: {}]", "[variable d'environnement : {}]"),
    "DEPRECATED_STRING": ("(deprecated) ", "(obsolète) "),
}

#: The words of the value types typer shows beside an option (``<int range>``, ``<list[str]>``).
TYPE_WORDS: dict[str, str] = {
    "str": "texte", "int": "entier", "float": "réel", "bool": "booléen", "path": "chemin",
    "list": "liste", "range": "borné",
}

#: The arguments' names, shown in the usage line and the Arguments panel.
ARGUMENT_NAMES: dict[str, str] = {
    "hand": "main", "deal": "donne", "file": "fichier", "bid": "enchère", "strain": "atout",
    "directory": "dossier", "problem_id": "numéro", "files": "fichiers",
}

#: The usage line's words (click's prefix, typer's placeholder for a group's commands).
USAGE_WORDS: tuple[tuple[str, str], ...] = (
    ("Usage: ", "Usage : "),
    ("COMMAND [ARGS]...", "COMMANDE [ARGS]..."),
)

_TYPE_WORD = re.compile(r"[a-z]+")


def french_text(text: str) -> str:
    """The French of an English help text (itself when the catalogue has none)."""
    return HELP_FR.get(text, text)


def command_help(help_text: str) -> str:
    """The catalogue's key of a command's help: its docstring without its indentation."""
    return inspect.cleandoc(help_text)


def _type_word(shown: "str | None") -> "str | None":
    return None if shown is None else _TYPE_WORD.sub(lambda m: TYPE_WORDS.get(m.group(0), m.group(0)), shown)


def _usage(line: str) -> str:
    for english, french in USAGE_WORDS:
        line = line.replace(english, french, 1)
    return line


def _sub_commands(command: Command, ctx: Context) -> Iterator[tuple[str, Command]]:
    if isinstance(command, TyperGroup):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                yield name, sub


def help_texts(command: Command, ctx: Context) -> Iterator[tuple[str, str]]:
    """Every English text of ``command``'s help and of its sub-commands' (where, text):
    each command's help, its epilog's paragraphs, each parameter's help."""
    where = ctx.command_path
    if command.help:
        yield where, command_help(command.help)
    for paragraph in (command.epilog or "").split("\n\n"):
        if paragraph:
            yield f"{where} (epilog)", paragraph
    for param in command.get_params(ctx):
        text = getattr(param, "help", None)
        if text:
            yield f"{where} {param.name}", text
    for name, sub in _sub_commands(command, ctx):
        yield from help_texts(sub, Context(sub, info_name=name, parent=ctx))


class _Changes:
    """Attributes set for the French help, put back as they were afterwards."""

    def __init__(self) -> None:
        self._old: list[tuple[object, str, object]] = []

    def set(self, obj: object, name: str, value: object) -> None:
        self._old.append((obj, name, obj.__dict__.get(name, _ABSENT) if hasattr(obj, "__dict__") else _ABSENT))
        setattr(obj, name, value)

    def undo(self) -> None:
        for obj, name, value in reversed(self._old):
            if value is _ABSENT:
                delattr(obj, name)
            else:
                setattr(obj, name, value)
        self._old.clear()


_ABSENT = object()


def _french_command(command: Command, ctx: Context, changes: _Changes) -> None:
    if command.help:
        changes.set(command, "help", french_text(command_help(command.help)))
    if command.epilog:
        changes.set(command, "epilog", "\n\n".join(french_text(p) if p else p for p in command.epilog.split("\n\n")))
    for param in command.get_params(ctx):
        text = getattr(param, "help", None)
        if text:
            changes.set(param, "help", french_text(text))
        if param.param_type_name == "argument" and param.metavar is None and param.name in ARGUMENT_NAMES:
            changes.set(param, "metavar", ARGUMENT_NAMES[param.name])
        shown = getattr(param, "display_type_rich", None)
        if callable(shown):
            changes.set(param, "display_type_rich", lambda ctx, shown=shown: _type_word(shown(ctx=ctx)))
    usage = command.get_usage
    changes.set(command, "get_usage", lambda ctx: _usage(usage(ctx)))
    for name, sub in _sub_commands(command, ctx):
        if sub.help:       # the command list shows the first paragraph of the French help
            changes.set(sub, "help", french_text(command_help(sub.help)))
            changes.set(sub, "short_help", None)


@contextlib.contextmanager
def french_help(command: Command, ctx: Context) -> Iterator[None]:
    """Inside the block, ``command``'s help renders in French: its texts, its parameters',
    its sub-commands' short helps and typer's own words; all put back afterwards."""
    changes = _Changes()
    try:
        for constant, (english, french) in TYPER_WORDS.items():
            if getattr(rich_utils, constant, None) == english:
                changes.set(rich_utils, constant, french)
        _french_command(command, ctx, changes)
        yield
    finally:
        changes.undo()
