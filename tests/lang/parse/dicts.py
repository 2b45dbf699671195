{}
{1: 2}
{1: 2, 3: 4,}
{**a}
{**a, 1: 2, **b}
{"k": v for v in x}
{a: b for a, b in c if a}
