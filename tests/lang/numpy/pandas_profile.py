# The pandas FlyDSL's kernel-test timing helpers use on a profiler's events: astype(str) and .str
# methods, iloc/iat/at, reset_index, groupby (sort=False iteration, agg with "sum" and list),
# quantile, index floor division and masks, drop, NaN-skipping sums, at[] adding a row.
import pandas as pd


class Dev:
    def __init__(self, s):
        self.s = s

    def __str__(self):
        return "DeviceType." + self.s


names = ["kern_a", "kern_b", "copy"] * 5 + ["kern_a", "kern_b"]
rows = [[n, 1.5 * i, 10.0 + (i % 3) + (40.0 if i == 7 else 0.0), Dev("CPU" if n == "copy" else "CUDA"), 0]
        for i, n in enumerate(names)]
cols = ["name", "self_cpu_time_total", "self_device_time_total", "device_type", "device_index"]
df = pd.DataFrame(rows, columns=cols)
s = df["device_type"].astype(str)
print(s.tolist()[:4], s.str.contains("DeviceType.CUDA").tolist()[:4])
print(s.str.contains("cuda").tolist()[:3], s.str.contains("cuda", case=False).tolist()[:3])
print(s.str.contains("Type.C", regex=False).tolist()[:3], s.str.startswith("DeviceType.CP").tolist()[:3])
print(pd.Series(["a1", float("nan"), "b2"]).str.contains("[0-9]").tolist())
print(pd.Series([1, 2, 3]).astype(float).tolist(), pd.Series([1.7, -2.2]).astype(int).tolist(),
      pd.Series([0, 3]).astype(bool).tolist(), pd.Series([1.5, 2]).astype("str").tolist())
dev = df[s.str.contains("DeviceType.CUDA")]
print(len(dev), dev.empty, dev.index.tolist())
print(dev.iloc[9:].index.tolist(), dev.iloc[-1]["name"], dev.iloc[2].name, dev["name"].iat[1], dev.iloc[0, 1])
t = dev.iloc[:10].reset_index()
print(t.columns.tolist(), t.index.tolist(), t["index"].tolist())
print((t.index // 2).tolist())
g = t.groupby(t.index // 2, sort=False).agg({"self_device_time_total": "sum", "index": list})
print(g.columns.tolist(), g.index.tolist(), g["self_device_time_total"].tolist(), g["index"].tolist())
sd = g.iloc[1:].reset_index(drop=True)
col = sd["self_device_time_total"]
q1, q3 = col.quantile(0.25), col.quantile(0.75)
print(q1, q3, col.quantile(0.5), col.quantile([0.1, 0.9]).tolist())
print(sd.index[(col < q1 - 0.5) | (col > q3 + 0.5)].tolist())
print(sd.iloc[2]["index"], g["index"].head(1).tolist())
d2 = df.drop([0, 7, 16])
d2["cnt"] = 1
for name, d in d2.groupby("name", sort=False):
    r = d.iloc[1:][["cnt", "self_cpu_time_total", "self_device_time_total"]].sum()
    r["name"] = name
    print(name, len(d), str(d["device_type"].iat[0]).split(".")[-1], r.tolist(), r.index.tolist(), r.empty)
print([k for k, _ in d2.groupby("name")])
out = pd.DataFrame([{"name": "x", "host": 0.0, "dev": 3.5}, {"name": "y", "host": 1.0, "dev": 0.0}])
out = out.sort_values(["host", "dev"], ignore_index=True)
out.at["[avg]", "host"] = out["host"].sum() / 2
out.at["[avg]", "dev"] = out["dev"].sum() / 4
print(out.index.tolist(), out.at["[avg]", "dev"], out["dev"].tolist()[:2], out.at[0, "name"], len(out))
print(out["name"].tolist()[2] != out["name"].tolist()[2], out["dev"].mean())
