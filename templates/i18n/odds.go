package i18n

// The strings of the statistics beyond one roll ("odds:" in a block),
// looked up after the main ru and uk tables. Plural keys hold "one|few|many".
var oddsRU = map[string]string{
	"turn":        "ход|хода|ходов",
	"num.decimal": ",",

	"odds.pct":     "{n}\u00a0%",
	"odds.pct.lt":  "меньше {n}\u00a0%",
	"odds.pct.gt":  "больше {n}\u00a0%",
	"odds.frac":    "{frac} ({pct})",
	"odds.in":      "за {n}",
	"odds.exactly": "ровно за столько ходов",
	"odds.within":  "за столько ходов или быстрее",
	"odds.wins":    "{side} выигрывают",

	"odds.bearoff":       "За сколько ходов {side} выведут все шашки",
	"odds.bearoff.mean":  "В среднем ходов",
	"odds.race":          "Гонка: кто первым выведет все шашки, ход {side}",
	"odds.race.draw":     "Ничья (последний бросок)",
	"odds.escape":        "Шашка {side} с пункта {from} уходит дальше пункта {past}",
	"odds.escape.bar":    "Шашка {side} с бара уходит дальше пункта {past}",
	"odds.lastroll":      "Последний бросок {side}",
	"odds.lastroll.draw": "Ничья",

	"odds.note.turns":    "Ходы считаются с ближайшего броска {side}.",
	"odds.note.escape":   "Шашки соперника стоят на месте, остальные шашки {side} играют другие числа.",
	"odds.note.bearoff":  "{side} выводят шашки так, чтобы в среднем управиться за наименьшее число ходов.",
	"odds.method.exact":  "Посчитано точно.",
	"odds.method.double": "Посчитано в двойной точности: погрешность далеко за последним показанным знаком.",

	"odds.race.method.exact":     "Посчитано точно при наилучшей игре обеих сторон.",
	"odds.race.method.one-sided": "Приближённо: каждая сторона выводит шашки так, чтобы в среднем управиться за наименьшее число ходов, не глядя на соперника. При наилучшей игре шансы могут немного отличаться.",
}

var oddsUK = map[string]string{
	"turn":        "хід|ходи|ходів",
	"num.decimal": ",",

	"odds.pct":     "{n}\u00a0%",
	"odds.pct.lt":  "менше {n}\u00a0%",
	"odds.pct.gt":  "більше {n}\u00a0%",
	"odds.frac":    "{frac} ({pct})",
	"odds.in":      "за {n}",
	"odds.exactly": "рівно за стільки ходів",
	"odds.within":  "за стільки ходів або швидше",
	"odds.wins":    "{side} виграють",

	"odds.bearoff":       "За скільки ходів {side} виведуть усі шашки",
	"odds.bearoff.mean":  "У середньому ходів",
	"odds.race":          "Перегони: хто першим виведе всі шашки, хід {side}",
	"odds.race.draw":     "Нічия (останній кидок)",
	"odds.escape":        "Шашка {side} з пункту {from} іде далі за пункт {past}",
	"odds.escape.bar":    "Шашка {side} з бару іде далі за пункт {past}",
	"odds.lastroll":      "Останній кидок {side}",
	"odds.lastroll.draw": "Нічия",

	"odds.note.turns":    "Ходи рахуються від найближчого кидка {side}.",
	"odds.note.escape":   "Шашки суперника стоять на місці, решта шашок {side} грає інші числа.",
	"odds.note.bearoff":  "{side} виводять шашки так, щоб у середньому впоратися за найменшу кількість ходів.",
	"odds.method.exact":  "Пораховано точно.",
	"odds.method.double": "Пораховано з подвійною точністю: похибка далеко за останнім показаним знаком.",

	"odds.race.method.exact":     "Пораховано точно за найкращої гри обох сторін.",
	"odds.race.method.one-sided": "Наближено: кожна сторона виводить шашки так, щоб у середньому впоратися за найменшу кількість ходів, не зважаючи на суперника. За найкращої гри шанси можуть трохи відрізнятися.",
}
