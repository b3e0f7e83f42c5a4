"""Write ``notebooks/i18n/00_start_here.<lang>.ipynb`` (no outputs): the first lesson, ``00_start_here``, in
Chinese, Catalan, Spanish and Dutch. Each calls ``gamekit.set_language`` first, so the explorer, the events,
steps, charts and rule texts are in its language. The code cells are the English lesson's, written once by
``notebooks/tools/make_00_start_here.py``; this file gives the prose: the markdown, the words the code prints, and
the comments, docstrings and answer button a learner reads in the code (:data:`CODE_TEXTS`).

Run ``python notebooks/i18n/make_00_start_here.py``; ``tests/test_i18n_lessons.py`` checks the notebooks are what
this script writes.
"""

from __future__ import annotations

import importlib.util
import io
import re
import sys
import tokenize
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tools"))
from nbcells import lesson  # noqa: E402  (the lesson generators' shared pieces)


def _english_generator():
    """The English lesson's generator, whose code cells every language shares (loaded under its own name: this
    file has the same one)."""
    path = HERE.parent / "tools" / "make_00_start_here.py"
    spec = importlib.util.spec_from_file_location("make_00_start_here_en", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ENGLISH = _english_generator()

LANGS = ("zh", "ca", "es", "nl")

TEXT: dict[str, dict[str, str]] = {
    "intro": {
        "zh": """# 从这里开始：铁路股票游戏与 gamekit

在 *1830*（Francis Tresham）这样的 **18xx** 游戏中，玩家是**投资者**，而不是铁路公司。他们购买**铁路公司**的
**股票**；每家公司的**总裁**经营它——铺设铁轨、放置车站标记、购买火车、沿**路线**运营以获得**收益**，并决定
**分红**还是**留存**。**价值**最高者获胜：现金，加上按股价计算的股票，再加上私人公司。**方块铁路**游戏
（*Continental Divide*、*American Rails*）的思路相同：用方块代表铁轨，每家铁路公司有**收入**，按股**分红**。

读完这本笔记本，你将能够：

1. 说出一局 1830 的流程——私人公司拍卖 → 股票回合 → 操作回合，由火车购买推动的**阶段**，银行破产或玩家破产
   导致的结束——并在一整局游戏的图上找到它；
2. 创建一局游戏，列出合法动作，执行其中一个，读懂事件及其背后的规则；
3. 撤销一个动作，并**分叉**一局游戏来试验“如果……会怎样”，而不会丢失当前位置；
4. 打开探索器，知道接下来读哪本笔记本。

这本笔记本是中文的：第一个代码单元格调用 `gamekit.set_language("zh")`，于是探索器、图表、规则文本以及大部分步骤和
事件都用中文显示。动作语句也以中文显示（`Ann 以 $20 买下 SV`），你也用中文输入它们：`parse_action` 既读中文语句，
也读英文语句（`Ann buys SV for $20`）。""",
        "ca": """# Comença aquí: jocs de ferrocarrils i accions, i el gamekit

En un joc **18xx** com *1830* (Francis Tresham) els jugadors són **inversors**, no ferrocarrils. Compren
**certificats** (accions) de **companyies**; el president de cada companyia la dirigeix: posa via, col·loca fitxes
d'estació, compra trens, fa **rutes** per obtenir **ingressos** i decideix si **reparteix dividends** o els
**reté**. Guanya qui té més **valor**: diners, més els certificats al preu de l'acció, més les companyies privades.
Els jocs de **cubs** (*Continental Divide*, *American Rails*) tenen la mateixa idea, amb cubs com a via, uns
**ingressos** per ferrocarril i **dividends** per acció.

Al final d'aquest quadern sabràs:

1. explicar el desenvolupament d'una partida de 1830 —subhasta de privades → ronda d'accions → rondes d'operacions,
   **fases** que avancen amb la compra de trens, el final per la fallida del banc o d'un jugador— i trobar-lo en el
   dibuix d'una partida sencera;
2. crear una partida, llistar-ne les accions legals, aplicar-ne una i llegir l'esdeveniment i la regla que hi ha
   darrere;
3. desfer una acció i **bifurcar** una partida per provar un «i si…» sense perdre el punt on eres;
4. obrir l'explorador, i saber quin quadern llegir després.

Aquest quadern és en català: la primera cel·la de codi crida `gamekit.set_language("ca")`, i l'explorador, els
gràfics, els textos de les regles i la major part dels passos i esdeveniments surten en català. Les frases de les accions
també surten en català (`Ann compra SV per $20`), i les escriviu en català: `parse_action` llegeix les catalanes i les
angleses (`Ann buys SV for $20`).""",
        "es": """# Empieza aquí: juegos de ferrocarriles y acciones, y el gamekit

En un juego **18xx** como *1830* (Francis Tresham) los jugadores son **inversores**, no ferrocarriles. Compran
**certificados** (acciones) de **compañías**; el presidente de cada compañía la dirige: coloca vías, pone fichas de
estación, compra trenes, recorre **rutas** para obtener **ingresos** y decide si **reparte dividendos** o los
**retiene**. Gana quien tiene más **valor**: dinero, más los certificados al precio de la acción, más las compañías
privadas. Los juegos de **cubos** (*Continental Divide*, *American Rails*) tienen la misma idea, con cubos como vías,
unos **ingresos** por ferrocarril y **dividendos** por acción.

Al terminar este cuaderno sabrás:

1. contar el desarrollo de una partida de 1830 —subasta de privadas → ronda de acciones → rondas de operaciones,
   **fases** que avanzan con la compra de trenes, el final por la quiebra del banco o de un jugador— y encontrarlo
   en el dibujo de una partida entera;
2. crear una partida, listar sus acciones legales, aplicar una y leer el evento y la regla que hay detrás;
3. deshacer una acción y **bifurcar** una partida para probar un «¿y si…?» sin perder tu sitio;
4. abrir el explorador, y saber qué cuaderno leer después.

Este cuaderno está en español: la primera celda de código llama a `gamekit.set_language("es")`, y el explorador, los
gráficos, los textos de las reglas y la mayor parte de los pasos y eventos salen en español. Las frases de las acciones
también salen en español (`Ann compra SV por $20`), y las escribes en español: `parse_action` lee las españolas y las
inglesas (`Ann buys SV for $20`).""",
        "nl": """# Begin hier: spoorwegaandelenspellen en de gamekit

In een **18xx**-spel zoals *1830* (Francis Tresham) zijn de spelers **beleggers**, geen spoorwegen. Ze kopen
**certificaten** (aandelen) van **maatschappijen**; de president van elke maatschappij bestuurt haar: legt spoor,
plaatst stationsfiches, koopt treinen, rijdt **routes** voor **opbrengst** en beslist of ze **uitkeert** of
**inhoudt**. Wie de hoogste **waarde** heeft wint: geld, plus de certificaten tegen de aandeelprijs, plus de
privémaatschappijen. **Blokjesspellen** (*Continental Divide*, *American Rails*) werken met hetzelfde idee, met
blokjes als spoor, een **inkomen** per spoorwegmaatschappij en **dividend** per aandeel.

Aan het eind van dit notebook kun je:

1. het verloop van een partij 1830 vertellen — veiling van de privémaatschappijen → aandelenronde →
   bedrijfsrondes, **fasen** die door treinaankopen verspringen, het einde door een lege bank of een faillissement —
   en het terugvinden in een plaatje van een hele partij;
2. een spel maken, de legale acties opsommen, er een uitvoeren, en de gebeurtenis en de regel erachter lezen;
3. een actie ongedaan maken en een spel **afsplitsen** om een "wat als" te proberen zonder je plaats kwijt te
   raken;
4. de verkenner openen, en weten welk notebook je daarna leest.

Dit notebook is in het Nederlands: de eerste codecel roept `gamekit.set_language("nl")` aan, en de verkenner, de
grafieken, de regelteksten en de meeste stappen en gebeurtenissen verschijnen in het Nederlands. Ook de zinnen van de acties
verschijnen in het Nederlands (`Ann koopt SV voor $20`), en je typt ze in het Nederlands: `parse_action` leest
Nederlandse en Engelse zinnen (`Ann buys SV for $20`).""",
    },
    "picture": {
        "zh": """## 1. 一张图看完一局游戏

下面是四个带种子的启发式机器人下完的一整局 1830（保存在 `data/1830/sample_game.json`）。从左往右读：**私人公司
拍卖**之后是一个**股票回合**（图上记作“股票”）和一组**操作回合**（图上记作“操作”）。阶段 2 每组 1 个操作回合，阶段 3–4 每组 2 个，从阶段 5 起每组
3 个（`1830:or.sets`）。新型火车第一次被买下时进入新阶段（虚线，`1830:trains.phase`）；银行的钱用完
（`1830:end.bank`）或某位总裁破产（`1830:end.bankrupt`）时游戏结束。最上面的图是每位玩家的价值
（`1830:end.value`）。""",
        "ca": """## 1. Una partida en un sol dibuix

A sota hi ha una partida sencera de 1830 jugada per quatre bots heurístics amb llavor (desada a
`data/1830/sample_game.json`). Llegiu-la d'esquerra a dreta: després de la **subhasta de privades** vénen una
**ronda d'accions** (RA) i un conjunt de **rondes d'operacions** (RO). Un conjunt té 1 RO a la fase 2, 2 RO a
les fases 3–4 i 3 des de la fase 5 (`1830:or.sets`). Les fases comencen quan es compra el primer tren d'un tipus nou
(línies de punts, `1830:trains.phase`); la partida acaba quan el banc es queda sense diners (`1830:end.bank`) o un
president fa fallida (`1830:end.bankrupt`). El gràfic de dalt és el valor de cada jugador (`1830:end.value`).""",
        "es": """## 1. Una partida en un solo dibujo

Abajo hay una partida entera de 1830 jugada por cuatro bots heurísticos con semilla (guardada en
`data/1830/sample_game.json`). Léela de izquierda a derecha: tras la **subasta de privadas** vienen una **ronda de
acciones** (RA) y un conjunto de **rondas de operaciones** (RO). Un conjunto tiene 1 RO en la fase 2, 2 RO en las
fases 3–4 y 3 desde la fase 5 (`1830:or.sets`). Las fases empiezan cuando se compra el primer tren de un tipo nuevo
(líneas de puntos, `1830:trains.phase`); la partida termina cuando el banco se queda sin dinero (`1830:end.bank`) o
un presidente quiebra (`1830:end.bankrupt`). El gráfico de arriba es el valor de cada jugador (`1830:end.value`).""",
        "nl": """## 1. Een partij in één plaatje

Hieronder staat een hele partij 1830, gespeeld door vier heuristische bots met een vaste seed (opgeslagen in
`data/1830/sample_game.json`). Lees van links naar rechts: na de **veiling van de privémaatschappijen** komen een
**aandelenronde** (AR) en een reeks **bedrijfsrondes** (BR). Een reeks heeft 1 BR in fase 2, 2 BR's in fase 3–4 en
3 vanaf fase 5 (`1830:or.sets`). Fasen beginnen wanneer de eerste trein van een nieuw type wordt gekocht
(stippellijnen, `1830:trains.phase`); het spel eindigt wanneer de bank geen geld meer heeft (`1830:end.bank`) of
een president failliet gaat (`1830:end.bankrupt`). De bovenste grafiek is de waarde van elke speler
(`1830:end.value`).""",
    },
    "create": {
        "zh": """## 2. 创建、询问、执行

一局游戏就是它的标题、玩家、种子和已执行动作的列表。`active_step` 说明游戏在等什么、由哪条规则管辖；
`legal_actions()` 列出现在可以做的事。`sentence_now(g, action)` 用当前局面下的说法给出每个动作，措辞与它产生的
事件一致（"Ann 以 $20 买下 SV"；`action.sentence()` 是它在任何局面下的英文说法："Ann bids 20 on SV"）。
`parse_action` 读中文的语句，也读英文的两种说法。拍卖、股票回合、操作回合、分红、路线和游戏结束的步骤与事件都以中文显示。""",
        "ca": """## 2. Crear, preguntar, aplicar

Una partida és el seu títol, els jugadors, la llavor i la llista d'accions aplicades. `active_step` diu què espera
la partida i quina regla ho regeix; `legal_actions()` llista el que es pot fer ara. `sentence_now(g, action)` diu
cada acció tal com es llegeix en aquesta posició, amb les paraules de l'esdeveniment que produeix ("Ann compra SV
per $20"; `action.sentence()` és la frase anglesa en qualsevol posició: "Ann bids 20 on SV"). `parse_action` llegeix
la frase catalana i totes dues angleses.
Els passos i els esdeveniments de la subhasta, de les rondes d'accions i d'operacions, dels dividends, de les rutes
i del final surten en català.""",
        "es": """## 2. Crear, preguntar, aplicar

Una partida es su título, sus jugadores, su semilla y la lista de acciones aplicadas. `active_step` dice qué espera
la partida y qué regla lo rige; `legal_actions()` lista lo que se puede hacer ahora. `sentence_now(g, action)` dice
cada acción como se lee en esta posición, con las palabras del evento que produce ("Ann compra SV por $20";
`action.sentence()` es su frase inglesa en cualquier posición: "Ann bids 20 on SV"). `parse_action` lee la frase
española y las dos inglesas. Los pasos
y los eventos de la subasta, de las rondas de acciones y de operaciones, de los dividendos, de las rutas y del final
salen en español.""",
        "nl": """## 2. Maken, vragen, uitvoeren

Een spel is zijn titel, spelers, seed en de lijst uitgevoerde acties. `active_step` zegt waar het spel op wacht en
welke regel daarover gaat; `legal_actions()` somt op wat nu mag. `sentence_now(g, action)` zegt elke actie zoals ze
in deze positie leest, in de woorden van de gebeurtenis die ze maakt ("Ann koopt SV voor $20"; `action.sentence()`
is haar Engelse zin in elke positie: "Ann bids 20 on SV"). `parse_action` leest de Nederlandse zin en allebei de
Engelse. De stappen en gebeurtenissen
van de veiling, de aandelen- en bedrijfsrondes, de dividenden, de routes en het einde zijn Nederlands.""",
    },
    "apply": {
        "zh": """执行一个动作：Ann 以面值买下最便宜的私人公司 Schuylkill Valley。每个事件都注明它的规则；`rule_text`
会用当前语言显示规则文本。""",
        "ca": """Apliquem-ne una: Ann compra la companyia privada més barata, la Schuylkill Valley, al seu preu. Cada
esdeveniment diu la seva regla; `rule_text` la mostra en l'idioma triat.""",
        "es": """Apliquemos una: Ann compra la compañía privada más barata, la Schuylkill Valley, a su precio. Cada
evento nombra su regla; `rule_text` la muestra en el idioma elegido.""",
        "nl": """Voer er een uit: Ann koopt de goedkoopste privémaatschappij, de Schuylkill Valley, voor haar prijs. Elke
gebeurtenis noemt haar regel; `rule_text` toont die in de gekozen taal.""",
    },
    "refuse": {
        "zh": """`do` 用 `g.parse_action(text)` 把语句读回来，得到它所指的合法动作。非法动作会抛出 `GameError`，注明禁止它的
规则，而游戏保持原样。""",
        "ca": """`do` torna a llegir la frase amb `g.parse_action(text)`, que retorna l'acció legal que anomena. Una acció
il·legal llança un `GameError` que anomena la regla que la prohibeix, i la partida queda exactament com era.""",
        "es": """`do` vuelve a leer la frase con `g.parse_action(text)`, que devuelve la acción legal que nombra. Una
acción ilegal lanza un `GameError` que nombra la regla que la prohíbe, y la partida queda exactamente como estaba.""",
        "nl": """`do` leest de zin terug met `g.parse_action(text)`, dat de legale actie teruggeeft die de zin noemt. Een
illegale actie werpt een `GameError` die de regel noemt die haar verbiedt, en het spel blijft precies zoals het was.""",
    },
    "fork": {
        "zh": """## 3. 撤销与分叉

`undo()` 撤回最后一个动作（`redo()` 把它放回）。`fork()` 生成一个独立的副本：在副本上继续下，原局不动。""",
        "ca": """## 3. Desfer i bifurcar

`undo()` desfà l'última acció (`redo()` la torna a fer). `fork()` fa una còpia independent: jugueu a la còpia, i
l'original no es mou.""",
        "es": """## 3. Deshacer y bifurcar

`undo()` deshace la última acción (`redo()` la vuelve a hacer). `fork()` hace una copia independiente: juega en la
copia, y el original no se mueve.""",
        "nl": """## 3. Ongedaan maken en afsplitsen

`undo()` neemt de laatste actie terug (`redo()` zet haar terug). `fork()` maakt een onafhankelijke kopie: speel
verder op de kopie, het origineel blijft staan.""",
    },
    "explorer": {
        "zh": """## 4. 探索器与地图

`gamekit.widgets.Explorer(game)` 显示当前步骤、合法动作（出价和价格用滑块）、执行 / 撤销 / 重做、地图和股票市场，
以及事件日志，日志里的每个规则按钮都会打开该规则的文本。顶部的菜单可以切换语言。它适用于每个游戏。
`viz.map_figure(game)` 单独绘制地图；把鼠标悬停在六角格上可以看到它的全部信息。""",
        "ca": """## 4. L'explorador i el mapa

`gamekit.widgets.Explorer(game)` mostra el pas actiu, les accions legals (puges i preus amb lliscadors), Aplica /
Desfés / Refés, el mapa i el mercat, i un registre d'esdeveniments on cada botó de regla n'obre el text. El menú de
dalt canvia l'idioma. Funciona per a tots els títols. `viz.map_figure(game)` dibuixa només el mapa; passeu el
ratolí per sobre d'un hexàgon per llegir-ne totes les dades.""",
        "es": """## 4. El explorador y el mapa

`gamekit.widgets.Explorer(game)` muestra el paso activo, las acciones legales (pujas y precios con deslizadores),
Aplicar / Deshacer / Rehacer, el mapa y el mercado, y un registro de eventos donde cada botón de regla abre su texto.
El menú de arriba cambia el idioma. Funciona para todos los títulos. `viz.map_figure(game)` dibuja solo el mapa;
pasa el ratón sobre un hexágono para leer todos sus datos.""",
        "nl": """## 4. De verkenner en de kaart

`gamekit.widgets.Explorer(game)` toont de actieve stap, de legale acties (biedingen en prijzen met schuifregelaars),
Uitvoeren / Ongedaan maken / Opnieuw, de kaart en de aandelenmarkt, en een gebeurtenissenlog waarin elke regelknop
de tekst van de regel opent. Het menu bovenaan wisselt de taal. Het werkt voor elke titel. `viz.map_figure(game)`
tekent alleen de kaart; beweeg de muis over een hex om al zijn gegevens te lezen.""",
    },
    "try": {
        "zh": """**试一试**：在探索器里下几轮拍卖；然后运行下面的单元格，看看探索器是直接在 `g` 上下的（`len(g.actions)` 会变大），
再用撤销把你的操作撤回。""",
        "ca": """**Proveu-ho:** a l'explorador, jugueu uns quants torns de subhasta; després executeu la cel·la de sota per
veure que l'explorador ha jugat sobre `g` mateix (`len(g.actions)` creix), i feu servir Desfés per desfer les
vostres jugades.""",
        "es": """**Pruébalo:** en el explorador, juega unos cuantos turnos de subasta; después ejecuta la celda de abajo
para ver que el explorador ha jugado sobre `g` mismo (`len(g.actions)` crece), y usa Deshacer para deshacer tus
jugadas.""",
        "nl": """**Probeer dit:** speel in de verkenner een paar veilingbeurten; voer daarna de cel hieronder uit om te zien
dat de verkenner op `g` zelf speelde (`len(g.actions)` groeit), en gebruik Ongedaan maken om je zetten terug te
nemen.""",
    },
    "cube": {
        "zh": """方块铁路游戏使用同一套协议，它们的步骤、事件和拒绝理由也是中文的，地图的标题和图例也一样：""",
        "ca": """Els jocs de cubs fan servir el mateix protocol, i els seus passos, esdeveniments i refusos també surten
en català, com el títol i la llegenda del mapa:""",
        "es": """Los juegos de cubos usan el mismo protocolo, y sus pasos, eventos y rechazos también salen en español,
como el título y la leyenda del mapa:""",
        "nl": """De blokjesspellen gebruiken hetzelfde protocol, en ook hun stappen, gebeurtenissen en weigeringen zijn
Nederlands, net als de titel en de legenda van de kaart:""",
    },
    "next": {
        "zh": """## 接下来读什么

其他课程目前只有英文版（`notebooks/` 文件夹）；在每本课程的开头加上 `gamekit.set_language("zh")`，探索器和规则
文本就会显示中文。如果想学 18xx 的基础，从 1830 开始：`1830_01_private_auction`（私人公司拍卖）、
`1830_02_stock_round`（股票回合）、`1830_03_operating_round`（操作回合）、`1830_04_phases_and_train_rush`（阶段与火车
淘汰）、`1830_05_how_routes_pay`（路线收益）、`1830_06_replay_a_real_game`（重放真实对局）。其他游戏：1894
（`1894_01`、`1894_02`）、1837（`1837_01`、`1837_02`）、方块铁路（`cd_01`、`ar_01`）。

五个游戏的对比：`compare_01_five_titles`。

## 自我检查""",
        "ca": """## Què llegir després

Les altres lliçons de moment només són en anglès (la carpeta `notebooks/`); afegiu `gamekit.set_language("ca")` al
principi de qualsevol lliçó i l'explorador i els textos de les regles sortiran en català. Per a la base dels 18xx,
comenceu per 1830: `1830_01_private_auction` (la subhasta de privades), `1830_02_stock_round` (la ronda d'accions),
`1830_03_operating_round` (la ronda d'operacions), `1830_04_phases_and_train_rush` (fases i trens que s'oxiden),
`1830_05_how_routes_pay` (què paguen les rutes), `1830_06_replay_a_real_game` (una partida real). Els altres títols:
1894 (`1894_01`, `1894_02`), 1837 (`1837_01`, `1837_02`) i els jocs de cubs (`cd_01`, `ar_01`).

Els cinc títols comparats: `compare_01_five_titles`.

## Comproveu-ho vosaltres""",
        "es": """## Qué leer después

Las demás lecciones por ahora solo están en inglés (la carpeta `notebooks/`); añade `gamekit.set_language("es")` al
principio de cualquier lección y el explorador y los textos de las reglas saldrán en español. Para la base de los
18xx, empieza por 1830: `1830_01_private_auction` (la subasta de privadas), `1830_02_stock_round` (la ronda de
acciones), `1830_03_operating_round` (la ronda de operaciones), `1830_04_phases_and_train_rush` (fases y trenes que se
oxidan), `1830_05_how_routes_pay` (qué pagan las rutas), `1830_06_replay_a_real_game` (una partida real). Los otros
títulos: 1894 (`1894_01`, `1894_02`), 1837 (`1837_01`, `1837_02`) y los juegos de cubos (`cd_01`, `ar_01`).

Los cinco títulos comparados: `compare_01_five_titles`.

## Compruébalo tú""",
        "nl": """## Wat lees je hierna

De andere lessen zijn voorlopig alleen Engels (de map `notebooks/`); zet `gamekit.set_language("nl")` bovenaan een
les en de verkenner en de regelteksten verschijnen in het Nederlands. Voor de basis van 18xx begin je met 1830:
`1830_01_private_auction` (de veiling van de privémaatschappijen), `1830_02_stock_round` (de aandelenronde),
`1830_03_operating_round` (de bedrijfsronde), `1830_04_phases_and_train_rush` (fasen en roestende treinen),
`1830_05_how_routes_pay` (wat routes opbrengen), `1830_06_replay_a_real_game` (een echte partij). De andere titels:
1894 (`1894_01`, `1894_02`), 1837 (`1837_01`, `1837_02`) en de blokjesspellen (`cd_01`, `ar_01`).

De vijf titels naast elkaar: `compare_01_five_titles`.

## Controleer jezelf""",
    },
    "quiz": {
        "zh": """## 测验

四道题，关于上面示例对局（四个机器人下的 1830）中的局面：一次拍卖出价、一次卖股、一次分红、一次火车购买。输入一个数字
或选一个答案，然后按**回答**：你会知道自己答得对不对、为什么，并看到规则的原文。**下一题**进入下一道题；得分只算你对
每道题的第一次回答。""",
        "ca": """## Qüestionari

Quatre preguntes sobre posicions de la partida d'exemple d'aquí dalt (quatre bots jugant a 1830): una puja de la
subhasta, una venda, un repartiment de dividends, una compra de tren. Escriviu un número o trieu una resposta i premeu
**Respon**: se us diu si l'heu encertada i per què, amb el text de les regles. **Pregunta següent** passa a la
següent; la puntuació compta la primera resposta que doneu a cada pregunta.""",
        "es": """## Cuestionario

Cuatro preguntas sobre posiciones de la partida de ejemplo de arriba (cuatro bots jugando a 1830): una puja de la
subasta, una venta, un reparto de dividendos, una compra de tren. Escribe un número o elige una respuesta y pulsa
**Responder**: se te dice si has acertado y por qué, con el texto de las reglas. **Siguiente pregunta** pasa a la
siguiente; la puntuación cuenta tu primera respuesta a cada pregunta.""",
        "nl": """## Quiz

Vier vragen over posities uit het voorbeeldspel hierboven (vier bots die 1830 spelen): een bod in de veiling, een
verkoop, een uitkering, een treinaankoop. Typ een getal of kies een antwoord en druk op **Antwoord**: je hoort of je
het goed hebt en waarom, met de tekst van de regels zelf. **Volgende vraag** gaat verder; de score telt je eerste
antwoord op elke vraag.""",
    },
}
"""The markdown cells, by cell and language (``quiz``: the heading of the closing quiz, which the English lesson
takes from ``nbcells.quiz``)."""

WORDS: dict[str, dict[str, str]] = {
    "actions": {"zh": "个动作；", "ca": "accions;", "es": "acciones;", "nl": "acties;"},
    "rounds": {"zh": "轮次：", "ca": "rondes:", "es": "rondas:", "nl": "rondes:"},
    "marks": {"zh": "转折点：", "ca": "moments clau:", "es": "momentos clave:", "nl": "keerpunten:"},
    "refused": {"zh": "被拒绝：", "ca": "refusada:", "es": "rechazada:", "nl": "geweigerd:"},
    "unchanged": {"zh": "未改变：", "ca": "sense canvis:", "es": "sin cambios:", "nl": "onveranderd:"},
    "fork": {"zh": "分叉：", "ca": "bifurcació:", "es": "bifurcación:", "nl": "afsplitsing:"},
    "original": {"zh": "原局：", "ca": "original:", "es": "original:", "nl": "origineel:"},
    "has": {"zh": "— Ben 有", "ca": "— Ben té", "es": "— Ben tiene", "nl": "— Ben heeft"},
    "after_undo": {"zh": "撤销后 Ann 有", "ca": "després de desfer, Ann té", "es": "tras deshacer, Ann tiene",
                   "nl": "na ongedaan maken heeft Ann"},
    "and_g": {"zh": "— g 有", "ca": "i g té", "es": "y g tiene", "nl": "en g heeft"},
    "redo": {"zh": "重做：", "ca": "refet:", "es": "rehecho:", "nl": "opnieuw:"},
    "in_g": {"zh": "在 g 中；最后一个：", "ca": "a g; l'última:", "es": "en g; la última:", "nl": "in g; de laatste:"},
    "none": {"zh": "无", "ca": "cap", "es": "ninguna", "nl": "geen"},
    "legal": {"zh": "个合法动作，例如", "ca": "accions legals, per exemple", "es": "acciones legales, por ejemplo",
              "nl": "legale acties, bijvoorbeeld"},
    "first_step": {"zh": "1830 的第一步", "ca": "primer pas de 1830", "es": "primer paso de 1830",
                   "nl": "eerste stap van 1830"},
    "ann_cash": {"zh": "Ann 买下 SV 后的现金", "ca": "diners d'Ann després de comprar SV",
                 "es": "dinero de Ann tras comprar SV", "nl": "geld van Ann na de aankoop van SV"},
    "sv_owner": {"zh": "SV 的所有者", "ca": "propietari de SV", "es": "propietario de SV", "nl": "eigenaar van SV"},
    "fork_cash": {"zh": "分叉起点时 Ann 的现金", "ca": "diners d'Ann a l'inici de la bifurcació",
                  "es": "dinero de Ann al inicio de la bifurcación", "nl": "geld van Ann bij het begin van de afsplitsing"},
    "sets": {"zh": "每组的操作回合数（按阶段）", "ca": "rondes d'operacions per conjunt a cada fase",
             "es": "rondas de operaciones por conjunto en cada fase", "nl": "bedrijfsrondes per reeks in elke fase"},
    "ends_by": {"zh": "示例对局结束于", "ca": "la partida d'exemple acaba quan", "es": "la partida de ejemplo termina cuando",
                "nl": "het voorbeeldspel eindigde toen"},
    "cd_first": {"zh": "Continental Divide 的第一个事件", "ca": "primer esdeveniment de Continental Divide",
                 "es": "primer evento de Continental Divide", "nl": "eerste gebeurtenis van Continental Divide"},
    "buy_sv": {"zh": "Ann 以 $20 买下 SV", "ca": "Ann compra SV per $20", "es": "Ann compra SV por $20",
               "nl": "Ann koopt SV voor $20"},
    "buy_cs": {"zh": "Ben 以 $40 买下 CS", "ca": "Ben compra CS per $40", "es": "Ben compra CS por $40",
               "nl": "Ben koopt CS voor $40"},
}
"""The words the code cells print, and the sentences the learner types (as ``sentence_now`` shows them in the
language: ``parse_action`` reads them), by language."""

CODE_TEXTS: dict[str, dict[str, str]] = {
    "# a map wider than this column scrolls inside it instead of being cut off": {
        "zh": "# 比这一栏更宽的地图在栏内滚动，而不会被截断",
        "ca": "# un mapa més ample que aquesta columna s'hi desplaça a dins en lloc de quedar tallat",
        "es": "# un mapa más ancho que esta columna se desplaza dentro de ella en lugar de quedar cortado",
        "nl": "# een kaart die breder is dan deze kolom scrolt erbinnen in plaats van afgesneden te worden"},
    '"""Apply the legal action that `sentence` names (game.parse_action reads it back, or\n'
    '    raises a GameError saying why no legal action reads so); print each event with its\n'
    '    rule id unless quiet; return the events."""': {
        "zh": '"""执行 `sentence` 所指的合法动作（game.parse_action 把它读回来；没有合法动作这样读时，\n'
              '    抛出 GameError 说明原因）；除非 quiet，打印每个事件及其规则编号；返回这些事件。"""',
        "ca": '"""Aplica l\'acció legal que anomena `sentence` (game.parse_action la torna a llegir, o\n'
              '    llança un GameError que diu per què cap acció legal no es llegeix així); si no és quiet,\n'
              '    escriu cada esdeveniment amb l\'identificador de la seva regla; retorna els esdeveniments."""',
        "es": '"""Aplica la acción legal que nombra `sentence` (game.parse_action la vuelve a leer, o\n'
              '    lanza un GameError que dice por qué ninguna acción legal se lee así); si no es quiet,\n'
              '    escribe cada evento con el identificador de su regla; devuelve los eventos."""',
        "nl": '"""Voer de legale actie uit die `sentence` noemt (game.parse_action leest haar terug, of\n'
              '    werpt een GameError die zegt waarom geen legale actie zo leest); druk, tenzij quiet,\n'
              '    elke gebeurtenis af met de id van haar regel; geef de gebeurtenissen terug."""'},
    "# the explorer, the events and the rules in this language": {
        "zh": "# 探索器、事件和规则都用这种语言",
        "ca": "# l'explorador, els esdeveniments i les regles en aquest idioma",
        "es": "# el explorador, los eventos y las reglas en este idioma",
        "nl": "# de verkenner, de gebeurtenissen en de regels in deze taal"},
    "# SV is sold already": {
        "zh": "# SV 已经卖出了", "ca": "# la SV ja està venuda", "es": "# la SV ya está vendida",
        "nl": "# SV is al verkocht"},
    "# Cy acting on Ben's turn": {
        "zh": "# Cy 在 Ben 的回合行动", "ca": "# Cy juga en el torn de Ben", "es": "# Cy juega en el turno de Ben",
        "nl": "# Cy speelt in de beurt van Ben"},
    "# g's actions when the fork was made": {
        "zh": "# 分叉时 g 的动作数", "ca": "# les accions de g quan es va fer la bifurcació",
        "es": "# las acciones de g cuando se hizo la bifurcación",
        "nl": "# de acties van g toen de afsplitsing werd gemaakt"},
    '"""\'1 action\', \'2 actions\': how many actions `game` has applied, in gamekit\'s language."""': {
        "zh": '"""“1 个动作”“2 个动作”：`game` 已执行的动作数，用 gamekit 的语言\n'
              '    （ngettext 收到的是翻译目录里的英文键）。"""',
        "ca": '"""\'1 acció\', \'2 accions\': quantes accions ha aplicat `game`, en l\'idioma del gamekit\n'
              '    (ngettext rep les claus angleses del catàleg de traduccions)."""',
        "es": '"""\'1 acción\', \'2 acciones\': cuántas acciones ha aplicado `game`, en el idioma del gamekit\n'
              '    (ngettext recibe las claves inglesas del catálogo de traducciones)."""',
        "nl": '"""\'1 actie\', \'2 acties\': hoeveel acties `game` heeft uitgevoerd, in de taal van de gamekit\n'
              '    (ngettext krijgt de Engelse sleutels van de vertaalcatalogus)."""'},
    "# written now, in the language the lesson runs in, not at the click (a later cell may change it)": {
        "zh": "# 现在就写好，用课程运行时的语言，而不是在点击时（后面的单元格可能会改变语言）",
        "ca": "# escrites ara, en la llengua en què s'executa la lliçó, no en fer clic (una cel·la posterior la pot "
              "canviar)",
        "es": "# escritas ahora, en el idioma en que se ejecuta la lección, no al hacer clic (una celda posterior "
              "puede cambiarlo)",
        "nl": "# nu geschreven, in de taal waarin de les draait, niet bij de klik (een latere cel kan die "
              "veranderen)"},
    "# The checks: this code holds the answers; unfold it (click ···) once you have tried.": {
        "zh": "# 检查：这段代码里有答案；自己试过之后再展开它（点击 ···）。",
        "ca": "# Les comprovacions: aquest codi conté les respostes; desplegueu-lo (clic a ···) quan ho hàgiu provat.",
        "es": "# Las comprobaciones: este código contiene las respuestas; despliégalo (clic en ···) cuando lo hayas "
              "intentado.",
        "nl": "# De controles: deze code bevat de antwoorden; klap hem open (klik op ···) als je het zelf hebt "
              "geprobeerd."},
    '"""List the questions (the names of `facts`), then a "Show answer" button: their values appear below it once it\n'
    '    is pressed. Try first! The facts named in `amounts` are money, written with `money` (the game\'s `money`); '
    'other\n    values are written with `shown` (e.g. `localize`, in the learner\'s language)."""': {
        "zh": '"""列出问题（`facts` 的名称），再显示一个“显示答案”按钮：按下之后，答案出现在它下方。\n'
              '    先自己试一试！`amounts` 中列出的事实是金额，用 `money`（游戏的 `money`）书写；\n'
              '    其他值用 `shown` 书写（例如 `localize`，即学习者的语言）。"""',
        "ca": '"""Llista les preguntes (els noms de `facts`) i després un botó «Resposta»: els valors hi apareixen\n'
              '    a sota quan es prem. Proveu-ho primer! Els fets anomenats a `amounts` són diners,\n'
              '    escrits amb `money` (el `money` de la partida); els altres s\'escriuen amb `shown` (p. ex.\n'
              '    `localize`, en l\'idioma de qui aprèn)."""',
        "es": '"""Lista las preguntas (los nombres de `facts`) y después un botón «Ver respuesta»: sus valores\n'
              '    aparecen debajo cuando se pulsa. ¡Inténtalo primero! Los datos nombrados en `amounts` son dinero,\n'
              '    escritos con `money` (el `money` de la partida); los demás se escriben con `shown` (p. ej.\n'
              '    `localize`, en el idioma de quien aprende)."""',
        "nl": '"""Toon de vragen (de namen in `facts`) en daarna een knop "Toon antwoord": de waarden verschijnen\n'
              '    eronder zodra erop gedrukt is. Probeer het eerst zelf! De feiten in `amounts` zijn geld,\n'
              '    geschreven met `money` (de `money` van het spel); andere waarden worden geschreven met `shown`\n'
              '    (bv. `localize`, in de taal van wie leert)."""'},
    '"<b>Answer first:</b><ul>"': {
        "zh": '"<b>先回答：</b><ul>"', "ca": '"<b>Responeu primer:</b><ul>"', "es": '"<b>Responde primero:</b><ul>"',
        "nl": '"<b>Eerst antwoorden:</b><ul>"'},
    'f"<li>{escape(name)}?</li>"': {
        "zh": 'f"<li>{escape(name)}？</li>"', "ca": 'f"<li>{escape(name)}?</li>"',
        "es": 'f"<li>¿{escape(name)}?</li>"', "nl": 'f"<li>{escape(name)}?</li>"'},
    '"Show answer"': {
        "zh": '"显示答案"', "ca": '"Resposta"', "es": '"Ver respuesta"', "nl": '"Toon antwoord"'},
    "# the fork went one step further; g did not follow": {
        "zh": "# 分叉多走了一步；g 没有跟着走", "ca": "# la bifurcació ha avançat un pas més; g no l'ha seguida",
        "es": "# la bifurcación avanzó un paso más; g no la siguió",
        "nl": "# de afsplitsing ging een stap verder; g volgde niet"},
    "# English in every language; shown in gamekit's:": {
        "zh": "# 在每种语言下都是英文；显示时用 gamekit 的语言：", "ca": "# en anglès en tots els idiomes; es mostra en el del gamekit:",
        "es": "# en inglés en todos los idiomas; se muestra en el de gamekit:",
        "nl": "# Engels in elke taal; getoond in die van de gamekit:"},
    "# The quiz's check: this code holds the answers; unfold it (click ···) once you have tried.": {
        "zh": "# 测验的检查：这段代码里有答案；自己试过之后再展开它（点击 ···）。",
        "ca": "# La comprovació del qüestionari: aquest codi conté les respostes; desplegueu-lo (clic a ···) quan ho "
              "hàgiu provat.",
        "es": "# La comprobación del cuestionario: este código contiene las respuestas; despliégalo (clic en ···) "
              "cuando lo hayas intentado.",
        "nl": "# De controle van de quiz: deze code bevat de antwoorden; klap hem open (klik op ···) als je het zelf "
              "hebt geprobeerd."},
    "# It answers a copy of the quiz as a learner would (yours above stays unanswered).": {
        "zh": "# 它像学习者一样回答测验的一个副本（你上面的测验保持未答）。",
        "ca": "# Respon una còpia del qüestionari com ho faria qui aprèn (el vostre, a dalt, queda sense respondre).",
        "es": "# Responde una copia del cuestionario como lo haría quien aprende (el tuyo, arriba, queda sin responder).",
        "nl": "# Ze beantwoordt een kopie van de quiz zoals een leerling dat zou doen (die van jou hierboven blijft "
              "onbeantwoord)."},
    '"""The verdict as the quiz shows it in gamekit\'s language (gamekit.set_language), its values rendered too."""': {
        "zh": '"""测验用 gamekit 的语言（gamekit.set_language）显示的判定，其中的值也一并呈现。"""',
        "ca": '"""El veredicte tal com el mostra el qüestionari en l\'idioma del gamekit (gamekit.set_language), amb els\n'
              '    valors també escrits."""',
        "es": '"""El veredicto tal como lo muestra el cuestionario en el idioma de gamekit (gamekit.set_language), con\n'
              '    sus valores también escritos."""',
        "nl": '"""Het oordeel zoals de quiz het toont in de taal van de gamekit (gamekit.set_language), met ook de\n'
              '    waarden erin geschreven."""'},
    "# worked out by hand from the rules for these positions": {
        "zh": "# 按规则为这些局面手工算出", "ca": "# calculades a mà a partir de les regles per a aquestes posicions",
        "es": "# calculadas a mano a partir de las reglas para estas posiciones",
        "nl": "# met de hand uitgerekend uit de regels voor deze posities"},
    "# marked right, and told so in the learner's language": {
        "zh": "# 判为正确，并用学习者的语言说明", "ca": "# marcada com a correcta, i dit en l'idioma de qui aprèn",
        "es": "# marcada como correcta, y dicho en el idioma de quien aprende",
        "nl": "# goed gerekend, en dat gezegd in de taal van wie leert"},
    "# and a wrong answer is marked wrong, with the right one": {
        "zh": "# 错误的答案判为错误，并给出正确答案", "ca": "# i una resposta errònia es marca com a errònia, amb la correcta",
        "es": "# y una respuesta errónea se marca como errónea, con la correcta",
        "nl": "# en een fout antwoord wordt fout gerekend, met het goede erbij"},
}
"""What a learner reads in the code cells besides the printed words: the comments, the docstrings, and the heading and
button of the checks' answer (``nbcells.ANSWER``), each by its English source text (a comment with its ``#``, a string
with its quotes) and language. :func:`translated_code` replaces each whole; an English comment or docstring left
over is an error, so a change of the English lesson's code asks for its translation here."""


_CJK = "\u3000-\u303f\u4e00-\u9fff\uff00-\uffef"
CJK_BREAK = re.compile(rf"([{_CJK}]\**)\n[ \t]*(\**[{_CJK}])")
"""A line break of the markdown's source between two Chinese characters or punctuation marks (either may be bold):
JupyterLab shows a break as a space, which Chinese text does not have between its characters."""


def translated_code(source: str, lang: str) -> str:
    """``source``, a code cell of the lesson, with each English text of :data:`CODE_TEXTS` replaced by its ``lang``
    text (the longest first: the docstring naming the answer button goes before the button's label).

    Raises:
        ValueError: a comment or docstring of the result is none of the ``lang`` texts (an English one whose
            translation is missing).
    """
    for english in sorted(CODE_TEXTS, key=len, reverse=True):
        source = source.replace(english, CODE_TEXTS[english][lang])
    known = {texts[lang] for texts in CODE_TEXTS.values()}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        read = token.type == tokenize.COMMENT or (token.type == tokenize.STRING and token.string.startswith('"""'))
        if read and token.string not in known:
            raise ValueError(f"no {lang} text in CODE_TEXTS for {token.string!r} of the lesson's code")
    return source


def cells(lang: str) -> list[tuple[str, str]]:
    """The lesson's cells in language ``lang``: the English lesson's code (``notebooks/tools/make_00_start_here.py``,
    :func:`cells` there) with this language's prose and printed words."""
    return ENGLISH.cells({key: value[lang] for key, value in TEXT.items()},
                         {key: value[lang] for key, value in WORDS.items()}, lang)


def notebook(lang: str) -> nbformat.NotebookNode:
    """The lesson in ``lang`` as a notebook without outputs (``nbcells.lesson``), its code's comments, docstrings and
    answer button in ``lang`` too (:func:`translated_code`; the answer's code is added by ``lesson``), its markdown
    lines joined where they break between two Chinese characters (:data:`CJK_BREAK`)."""
    nb = lesson(cells(lang))
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = translated_code(cell.source, lang)
        else:
            cell.source = CJK_BREAK.sub(r"\1\2", cell.source)
    return nb


if __name__ == "__main__":
    for code in LANGS:
        out = HERE / f"00_start_here.{code}.ipynb"
        nbformat.write(notebook(code), out)
        print(f"wrote {out}")
