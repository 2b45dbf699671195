café = 1
naïve_λ = café
