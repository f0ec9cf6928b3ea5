"""Glory Islands (Rio Grande Games, 2022; Arve D. Fühler): board, sail cards, rules, scoring."""
