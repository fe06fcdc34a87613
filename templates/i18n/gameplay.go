package i18n

// The strings of a game played on a game page: what the game module says
// as the game goes on. They live in slices of their own, read only by
// GameText, GameF and GamePoints, so that the move checker's module,
// which never calls them, does not carry them: these are functions, not
// methods of Lang, since a module keeps the name and type of every
// method of a type it uses.

// ruGame holds the Russian strings of a game.
var ruGame = []entry{
	{"play.new", "Новая партия. Бросьте кубики: каждая сторона бросает по одному кубику, у кого больше, тот ходит первым."},
	{"play.opening.tie", "Розыгрыш первого хода: у белых {w}, у чёрных {b}. Поровну — бросьте ещё раз."},
	{"play.opening", "Розыгрыш первого хода: у белых {w}, у чёрных {b}. Первыми ходят {side}."},
	{"play.opening.short", "Розыгрыш первого хода: у белых {w}, у чёрных {b}. Первыми ходят {side} и играют эти два числа: {dice}."},
	{"play.roll", "Ход {side}: бросьте кубики."},
	{"play.roll.you", "Ваш ход: бросьте кубики."},
	{"play.roll.double", "Перед броском можно предложить удвоение."},
	{"play.rolled", "У {side} выпало {dice}."},
	{"play.no-play", "У {side} выпало {dice}: ходов нет, ход переходит к сопернику."},
	{"play.played", "{side} сыграли {dice}: {play}."},
	{"play.computer", "Компьютер ({side}) сыграл {dice}: {play}."},
	{"play.computer.no-play", "У компьютера ({side}) выпало {dice}: ходов нет, ход переходит к вам."},
	{"play.ready", "Ход {play} собран. Подтвердите его или отмените шаг."},
	{"play.thinking", "Компьютер ходит…"},
	{"play.hint.count", "С броском {dice} разрешённых вариантов хода: {n}."},
	{"play.hint.one", "С броском {dice} разрешён только один вариант хода."},
	{"play.hint.more", "Нажмите «Подсказка» ещё раз, чтобы узнать, как сыграл бы компьютер."},
	{"play.hint.best", "Компьютер сильного уровня сыграл бы {play}."},
	{"play.double", "{side} предлагают удвоить ставку до {cube}. {taker}: примите удвоение или сдайтесь."},
	{"play.double.you", "Вы предлагаете удвоить ставку до {cube}."},
	{"play.double.computer", "Компьютер предлагает удвоить ставку до {cube}: он оценивает свои шансы в {p} %. Примите удвоение или сдайтесь."},
	{"play.take", "{side} принимают удвоение: ставка теперь {cube}."},
	{"play.take.computer", "Компьютер принимает удвоение: он оценивает свои шансы в {p} %. Ставка теперь {cube}."},
	{"play.pass", "{side} сдаются, не приняв удвоения."},
	{"play.pass.computer", "Компьютер сдаётся: он оценивает свои шансы лишь в {p} %."},
	{"play.cube.middle", "Куб удвоения в центре: ставка {cube}."},
	{"play.cube.owned", "Куб удвоения на {cube}, он у {owner}: удваивать дальше могут только они."},
	{"play.over", "Партия окончена."},
	{"play.over.passed", "{winner} выиграли: соперник сдался, не приняв удвоения, — {points}."},
	{"play.points", "очко|очка|очков"},
	{"play.you.won", "Вы выиграли!"},
	{"play.you.lost", "Выиграл компьютер."},
	{"play.restored", "Партия продолжается с того места, где вы остановились."},
	{"play.discarded", "Сохранённую партию прочитать не удалось, поэтому начата новая."},
	{"play.rule", "Правило"},
	{"play.record.opening", "Розыгрыш: белые {w}, чёрные {b}"},
	{"play.record.play", "{side} {dice}: {play}"},
	{"play.record.no-play", "{side} {dice}: ходов нет"},
	{"play.record.double", "{side} удваивают до {cube}"},
	{"play.record.take", "{side} принимают"},
	{"play.record.pass", "{side} сдаются"},
}

// ukGame holds the Ukrainian strings of a game.
var ukGame = []entry{
	{"play.new", "Нова партія. Киньте кубики: кожна сторона кидає по одному кубику, у кого більше, той ходить першим."},
	{"play.opening.tie", "Розіграш першого ходу: у білих {w}, у чорних {b}. Порівну — киньте ще раз."},
	{"play.opening", "Розіграш першого ходу: у білих {w}, у чорних {b}. Першими ходять {side}."},
	{"play.opening.short", "Розіграш першого ходу: у білих {w}, у чорних {b}. Першими ходять {side} і грають ці два числа: {dice}."},
	{"play.roll", "Хід {side}: киньте кубики."},
	{"play.roll.you", "Ваш хід: киньте кубики."},
	{"play.roll.double", "Перед кидком можна запропонувати подвоєння."},
	{"play.rolled", "У {side} випало {dice}."},
	{"play.no-play", "У {side} випало {dice}: ходів немає, хід переходить до суперника."},
	{"play.played", "{side} зіграли {dice}: {play}."},
	{"play.computer", "Комп’ютер ({side}) зіграв {dice}: {play}."},
	{"play.computer.no-play", "У комп’ютера ({side}) випало {dice}: ходів немає, хід переходить до вас."},
	{"play.ready", "Хід {play} складено. Підтвердьте його або скасуйте крок."},
	{"play.thinking", "Комп’ютер ходить…"},
	{"play.hint.count", "З кидком {dice} дозволених варіантів ходу: {n}."},
	{"play.hint.one", "З кидком {dice} дозволено лише один варіант ходу."},
	{"play.hint.more", "Натисніть «Підказка» ще раз, щоб дізнатися, як зіграв би комп’ютер."},
	{"play.hint.best", "Комп’ютер сильного рівня зіграв би {play}."},
	{"play.double", "{side} пропонують подвоїти ставку до {cube}. {taker}: прийміть подвоєння або здайтеся."},
	{"play.double.you", "Ви пропонуєте подвоїти ставку до {cube}."},
	{"play.double.computer", "Комп’ютер пропонує подвоїти ставку до {cube}: він оцінює свої шанси в {p} %. Прийміть подвоєння або здайтеся."},
	{"play.take", "{side} приймають подвоєння: ставка тепер {cube}."},
	{"play.take.computer", "Комп’ютер приймає подвоєння: він оцінює свої шанси в {p} %. Ставка тепер {cube}."},
	{"play.pass", "{side} здаються, не прийнявши подвоєння."},
	{"play.pass.computer", "Комп’ютер здається: він оцінює свої шанси лише в {p} %."},
	{"play.cube.middle", "Куб подвоєння в центрі: ставка {cube}."},
	{"play.cube.owned", "Куб подвоєння на {cube}, він у {owner}: подвоювати далі можуть лише вони."},
	{"play.over", "Партію закінчено."},
	{"play.over.passed", "{winner} виграли: суперник здався, не прийнявши подвоєння, — {points}."},
	{"play.points", "очко|очки|очок"},
	{"play.you.won", "Ви виграли!"},
	{"play.you.lost", "Виграв комп’ютер."},
	{"play.restored", "Партія триває з того місця, де ви зупинилися."},
	{"play.discarded", "Збережену партію прочитати не вдалося, тому почато нову."},
	{"play.rule", "Правило"},
	{"play.record.opening", "Розіграш: білі {w}, чорні {b}"},
	{"play.record.play", "{side} {dice}: {play}"},
	{"play.record.no-play", "{side} {dice}: ходів немає"},
	{"play.record.double", "{side} подвоюють до {cube}"},
	{"play.record.take", "{side} приймають"},
	{"play.record.pass", "{side} здаються"},
}

// gameTable returns the strings of a game in l.
func gameTable(l Lang) []entry {
	if l == UK {
		return ukGame
	}
	return ruGame
}

// GameText returns the string for key among the strings of a game in l
// ("play.roll"), or the key in brackets when it is missing.
func GameText(l Lang, key string) string {
	for _, e := range gameTable(l) {
		if e.key == key {
			return e.text
		}
	}
	return "[" + key + "]"
}

// GameF is GameText with "{name}" placeholders replaced by the given
// name/value pairs.
func GameF(l Lang, key string, pairs ...string) string {
	return fillPairs(GameText(l, key), pairs)
}

// GamePoints writes n points in l: "3 очка".
func GamePoints(l Lang, n int) string { return counted(n, GameText(l, "play.points")) }
